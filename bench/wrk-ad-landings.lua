-- wrk script: ad landings. Every request is one of the landing pages given as
-- script arguments, with a Google click id never sent before and a campaign's
-- UTM parameters, as a click on a search ad produces:
--
--   wrk … -s bench/wrk-ad-landings.lua <url> -- --tag=<unique per run> / /get-started … [--count-cache]
--
-- --tag makes the click ids of one wrk run differ from every other run's.
-- --count-cache counts the answers' X-Cache (HIT or anything else) and prints
-- them after the summary as 'WRK_CACHE {"hit":…,"other":…}'; it makes wrk
-- read every header, so it is for a check, not for a measured run.
-- The summary itself comes from wrk-report.lua (same JSON line).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "wrk-report.lua")

local campaigns = { "adhd-winter-park", "anxiety-therapy-orlando", "psychiatrist-near-me", "telehealth-florida" }
local terms = { "psychiatrist", "therapy+near+me", "adhd+evaluation", "medication+management" }

local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("thread_number", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

local landings = {}
local tag = "run"
local counter = 0

function init(args)
  local count = false
  for _, arg in ipairs(args) do
    if arg == "--count-cache" then
      count = true
    elseif arg:sub(1, 6) == "--tag=" then
      tag = arg:sub(7)
    else
      table.insert(landings, arg)
    end
  end
  if #landings == 0 then error("wrk-ad-landings.lua: no landing paths given") end
  if count then
    hits, others = 0, 0
    function response(status, headers, body)
      if headers["X-Cache"] == "HIT" then hits = hits + 1 else others = others + 1 end
    end
  end
end

function request()
  counter = counter + 1
  local n = #landings
  -- A gclid is ~90 characters of base64; this one is unique per thread, request and run.
  local gclid = string.format("Cj0KCQiA%s%02dT%010dEAAYASAAEgKx_D_BwE", tag, thread_number, counter)
  local path = landings[(counter % n) + 1]
    .. "?gclid=" .. gclid
    .. "&utm_source=google&utm_medium=cpc&utm_campaign=" .. campaigns[(counter % #campaigns) + 1]
    .. "&utm_term=" .. terms[(counter % #terms) + 1]
  return wrk.format(nil, path)
end

local report = done

function done(summary, latency, requests)
  report(summary, latency, requests)
  local hit, other, counted = 0, 0, false
  for _, thread in ipairs(threads) do
    local h = thread:get("hits")
    if h then
      counted = true
      hit = hit + h
      other = other + thread:get("others")
    end
  end
  if counted then io.write(string.format('WRK_CACHE {"hit":%d,"other":%d}\n', hit, other)) end
end
