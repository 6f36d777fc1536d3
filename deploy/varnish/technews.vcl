vcl 4.1;
# The caching reverse proxy in front of several app processes: Varnish with xkey (varnish-modules),
# which purges by surrogate key (decision 085).
#
# Used as is by docker-compose.yml (backends app1:3000 and app2:3000) and by
# scripts/topology-test.mjs, which writes a copy with its own backend ports.
#
# Caching follows the app's Cache-Control: only answers marked public are kept, for their s-maxage
# (a day by default, SHARED_CACHE_SECONDS); private, no-store and errors never. Each kept answer is
# filed under the keys of its Surrogate-Key header (the content it shows) and under `all-answers`;
# the app sends `PURGE /` with the keys in `xkey-purge` after every committed write, and the answers
# with those keys are gone at once. Requests with credentials (Authorization, X-Api-Key) or cookies
# always go to the app. Surrogate-Key and Cache-Tag never reach a reader.

import directors;
import std;
import xkey;

backend app1 {
    .host = "app1";
    .port = "3000";
    .connect_timeout = 2s;
    .probe = { .url = "/healthz"; .interval = 2s; .timeout = 1s; .window = 3; .threshold = 2; }
}

backend app2 {
    .host = "app2";
    .port = "3000";
    .connect_timeout = 2s;
    .probe = { .url = "/healthz"; .interval = 2s; .timeout = 1s; .window = 3; .threshold = 2; }
}

# Who may purge: the app processes (loopback in tests, the compose network's private addresses).
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_init {
    new apps = directors.round_robin();
    apps.add_backend(app1);
    apps.add_backend(app2);
}

sub vcl_recv {
    set req.backend_hint = apps.backend();
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is for the app processes"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "PURGE needs the keys in xkey-purge"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    # The app trusts this one hop (TRUST_PROXY=1) for the client's address.
    if (req.restarts == 0) {
        set req.http.X-Forwarded-For = client.ip;
    }
    if (req.method != "GET" && req.method != "HEAD") {
        set req.http.x-cache-status = "BYPASS";
        return (pass);
    }
    if (req.http.Authorization || req.http.X-Api-Key || req.http.Cookie) {
        set req.http.x-cache-status = "BYPASS";
        return (pass);
    }
    return (hash);
}

sub vcl_backend_response {
    # The keys xkey files the object under: its tags, and one every object has.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key + " all-answers";
    } else {
        set beresp.http.xkey = "all-answers";
    }
    set beresp.http.x-backend = beresp.backend.name;
    # Only what the app marked public is kept (Varnish would otherwise keep an answer without Cache-Control).
    if (beresp.http.Cache-Control !~ "public" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # Kept past its s-maxage to serve while every app process is failing (stale-if-error).
    set beresp.grace = 1h;
    set beresp.keep = 1d;
    return (deliver);
}

sub vcl_deliver {
    if (req.http.x-cache-status) {
        set resp.http.X-Cache-Status = req.http.x-cache-status;
    } else if (obj.hits > 0) {
        set resp.http.X-Cache-Status = "HIT";
    } else {
        set resp.http.X-Cache-Status = "MISS";
    }
    # The keys are the site's business, not the reader's.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
