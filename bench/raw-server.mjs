// The bench's baseline: a bare node:http server, in a process of its own like the site's, answering
// every request with the status, headers and body read from the JSON file named by its argument
// ({ status, headers: [[name, value]], body: base64 }). Prints the port it listens on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = [...answer.headers.flat(), 'Content-Length', String(body.length)];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
