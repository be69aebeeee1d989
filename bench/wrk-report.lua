-- wrk reporting script: prints the run's summary as one JSON line after a
-- "WRK_JSON " marker. Latencies are in microseconds.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"non2xx3xx":%d,"meanUs":%.1f,"maxUs":%d,"p50Us":%d,"p75Us":%d,"p90Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.timeout, e.status,
    latency.mean, latency.max,
    latency:percentile(50), latency:percentile(75), latency:percentile(90), latency:percentile(99)))
end
