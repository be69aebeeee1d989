// The throughput "ceiling": a bare node:http server that answers with fixed
// bytes and nothing else. Run as its own process (one event loop, like the
// site) by bench/throughput.js:
//
//   node bench/bare-server.js <port> <body-file> <content-type> [content-encoding]
//       the same bytes for every request, whatever the path
//   node bench/bare-server.js <port> --paths <manifest.json>
//       per path (the query ignored), for a mix of pages: the manifest is
//       { "contentType": …, "contentEncoding"?: …, "bodies": { "/path": "<body-file>", … } }
//       and any other path gets an empty 404
//
// Prints "listening" on stdout once it accepts connections.
import fs from "node:fs";
import http from "node:http";

const [port, ...rest] = process.argv.slice(2);

function answer(body, contentType, contentEncoding) {
  const headers = { "Content-Type": contentType, "Content-Length": String(body.length) };
  if (contentEncoding) headers["Content-Encoding"] = contentEncoding;
  return { body, headers };
}

let handler;
if (rest[0] === "--paths") {
  const manifest = JSON.parse(fs.readFileSync(rest[1], "utf8"));
  const byPath = new Map(
    Object.entries(manifest.bodies).map(([path, file]) => [
      path,
      answer(fs.readFileSync(file), manifest.contentType, manifest.contentEncoding),
    ]),
  );
  handler = (req, res) => {
    // The least a server that answers by path must do: split off the query, look the path up.
    const q = req.url.indexOf("?");
    const found = byPath.get(q === -1 ? req.url : req.url.slice(0, q));
    if (!found) {
      res.writeHead(404, { "Content-Length": "0" });
      res.end();
      return;
    }
    res.writeHead(200, found.headers);
    res.end(req.method === "HEAD" ? undefined : found.body);
  };
} else {
  const [bodyFile, contentType, contentEncoding] = rest;
  const { body, headers } = answer(fs.readFileSync(bodyFile), contentType, contentEncoding);
  handler = (req, res) => {
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

const server = http.createServer(handler);
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
