-- wrk script for bench/analytics-ingestion.js: POSTs analytics beacons, one
-- page view for every three events, from 256 clients per wrk thread
-- (X-Forwarded-For, which the server trusts from loopback), each with one of 8 browsers, so visits, visitor ids and
-- rate counters vary as on a real site. The requests are formatted once in
-- init(); request() only cycles through them. Prints its summary as one JSON
-- line after "WRK_JSON ", with the number of 201 answers (committed beacons)
-- counted in response(). With the argument "bot" (wrk … -- bot) every
-- request comes from a crawler instead.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local agents = {
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
}
local paths = { "/", "/services", "/team", "/insurance", "/anxiety-therapy", "/depression-counseling",
  "/locations/winter-park", "/request-appointment", "/blog", "/virtual-visit" }
local referrers = { "", "https://www.google.com/", "https://l.facebook.com/", "https://duckduckgo.com/" }
local vitals = { "LCP", "INP", "CLS", "FCP", "TTFB" }

function init(args)
  -- "bot": the same beacons from a crawler, answered 202 without touching the
  -- database (the cost of the HTTP pipeline alone).
  local bot = args[1] == "bot"
  requests = {}
  created = 0
  other = 0
  local n = 0
  for i = 1, 256 do
    local ip = string.format("10.%d.%d.%d", id, i % 16, i)
    local headers = {
      ["Content-Type"] = "application/json",
      ["User-Agent"] = bot and "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        or agents[(i % #agents) + 1],
      ["X-Forwarded-For"] = ip,
    }
    local path = paths[(i % #paths) + 1]
    for k = 0, 3 do
      local target, body
      if k == 0 then
        target = "/api/analytics/page-view"
        body = string.format(
          '{"path":"%s","userAgent":null,"referrer":"%s","utmSource":null,"utmMedium":null,"utmCampaign":"bench-%d","utmTerm":null,"utmContent":null}',
          path, referrers[(i % #referrers) + 1], i % 7)
      elseif k == 1 then
        target = "/api/analytics/event"
        body = string.format(
          '{"eventType":"web_vital","eventCategory":"performance","eventLabel":"%s","value":%d.5,"path":"%s"}',
          vitals[(i % #vitals) + 1], i * 3, path)
      elseif k == 2 then
        target = "/api/analytics/event"
        body = string.format('{"eventType":"phone_click","eventCategory":"contact","eventLabel":"header","path":"%s"}', path)
      else
        target = "/api/analytics/event"
        body = string.format('{"eventType":"get_directions","eventCategory":"contact","eventLabel":null,"value":null,"path":"%s"}', path)
      end
      n = n + 1
      requests[n] = wrk.format("POST", target, headers, body)
    end
  end
  index = 0
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function response(status, headers, body)
  if status == 201 then created = created + 1 else other = other + 1 end
end

function done(summary, latency, requests)
  local c, o = 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    o = o + t:get("other")
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"created":%d,"other":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"non2xx3xx":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, c, o, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
