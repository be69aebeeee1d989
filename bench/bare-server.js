// The throughput "ceiling": a bare node:http server that answers every
// request, whatever the path, with the same bytes. Run as its own process
// (one event loop, like the site) by bench/throughput.js:
//
//   node bench/bare-server.js <port> <body-file> <content-type> [content-encoding]
//
// Prints "listening" on stdout once it accepts connections.
import fs from "node:fs";
import http from "node:http";

const [port, bodyFile, contentType, contentEncoding] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
const headers = { "Content-Type": contentType, "Content-Length": String(body.length) };
if (contentEncoding) headers["Content-Encoding"] = contentEncoding;

const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
