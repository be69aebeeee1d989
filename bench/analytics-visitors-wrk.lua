-- wrk script for bench/analytics-ingestion.js, mix "visitors": page views
-- only, from tens of thousands of distinct browsers, as a site with many
-- readers sees them. Each wrk thread keeps a pool of 4,000 active visitors
-- and serves them round-robin, 4 page views each (so a visitor's views are
-- spread over time, not back to back), then replaces the pool with new
-- visitors. A visitor is a distinct public IPv4 address (X-Forwarded-For,
-- trusted from loopback; spread over the whole address space, so the
-- location lookup sees real variety — nothing is ever sent to these
-- addresses, they are only header values) with one of 1,200 user-agent
-- variants (browser family × version, more than the parser's cache holds).
-- Requests are formatted per call. Each wrk run starts with new visitors
-- (a random offset), as the next minutes of a site would. Prints the same
-- WRK_JSON summary as analytics-wrk.lua.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

local families = {
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/%d.0.%d.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/%d.%d Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/%d.%d Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/%d.0.%d.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:%d.%d) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/%d.%d Mobile/15E148 Safari/604.1",
}
local paths = { "/", "/services", "/team", "/insurance", "/anxiety-therapy", "/depression-counseling",
  "/locations/winter-park", "/request-appointment", "/blog", "/virtual-visit", "/adhd", "/faq" }
local referrers = { "", "", "https://www.google.com/", "https://l.facebook.com/", "https://duckduckgo.com/",
  "https://www.bing.com/", "https://chatgpt.com/" }

local POOL = 4000
local VIEWS = 4

function init(args)
  created = 0
  other = 0
  -- Distinct runs must not meet the same visitors: start at a random generation.
  math.randomseed(os.time() + id * 7919)
  n = math.random(0, 50000) * POOL * VIEWS
  agents = {}
  for i = 0, 1199 do
    local f = families[(i % #families) + 1]
    agents[i + 1] = string.format(f, 100 + (i % 37), math.floor(i / 37))
  end
  bodies = {}
  for i = 0, (#paths * #referrers) - 1 do
    bodies[i + 1] = string.format(
      '{"path":"%s","userAgent":null,"referrer":"%s","utmSource":null,"utmMedium":null,"utmCampaign":null,"utmTerm":null,"utmContent":null}',
      paths[(i % #paths) + 1], referrers[(math.floor(i / #paths) % #referrers) + 1])
  end
  headers = { ["Content-Type"] = "application/json" }
end

-- A public-looking IPv4 address for visitor v of this thread (a bijection
-- on 32 bits, so distinct visitors get distinct addresses), moved out of
-- 0/8, 10/8, 127/8 and 224/3.
local function address(v)
  -- v × 2654435761 mod 2^32, in two halves so that no product passes 2^53.
  local lo, hi = v % 65536, math.floor(v / 65536) % 65536
  local x = (lo * 2654435761 + ((hi * 2654435761) % 65536) * 65536 + id * 40503) % 4294967296
  local a = math.floor(x / 16777216)
  if a == 0 or a == 10 or a == 127 or a >= 224 then a = (a % 100) + 11 end
  return string.format("%d.%d.%d.%d", a, math.floor(x / 65536) % 256, math.floor(x / 256) % 256, x % 256)
end

function request()
  local round = math.floor(n / POOL)
  local generation = math.floor(round / VIEWS)
  local slot = n % POOL
  local visitor = generation * POOL + slot
  local view = round % VIEWS
  n = n + 1
  headers["User-Agent"] = agents[(visitor * 7 + id) % #agents + 1]
  headers["X-Forwarded-For"] = address(visitor)
  return wrk.format("POST", "/api/analytics/page-view", headers, bodies[(visitor * 3 + view * 5) % #bodies + 1])
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
