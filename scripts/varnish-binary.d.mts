/** varnishd for the topology test and the news-day benchmark: VARNISHD_BIN, else on PATH, else Debian's /usr/sbin. */
export function varnishBinary(): string;
