-- The wrk script of ContactsBenchmarks' HTTP load rows (Benchmarks/ContactsBenchmarks/HTTPLoadBenchmark.swift):
--
--   wrk -t2 -c32 -d10s -s scripts/http/rpc-load.lua http://127.0.0.1:PORT -- REQUESTS TOKEN RUN
--
-- REQUESTS holds one JSON-RPC request body a line; each thread sends them round robin from its
-- own starting line, as `POST /rpc` with `Authorization: Bearer TOKEN`. A line starting with `@`
-- is a template (the `@` dropped): `@N@` becomes an eight-digit number from 10000000 to 59999999
-- unique to this request (RUN, from 0 to 4, keeps runs on one server apart), so a registerUser of
-- `"phone":"+316@N@"` adds a user with a fresh Dutch mobile number (a country the fixtures never
-- use).
--
-- A response counts as an RPC error unless it is a 200 whose body starts with a JSON-RPC result.
-- At the end one line `WRK-RESULT {...}` gives requests, seconds, latency percentiles and the
-- maximum (microseconds), socket errors, RPC errors and the first failed body, for the caller
-- to parse.

local threads = {}

function setup(thread)
  thread:set("number", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  local headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. args[2],
  }
  run = tonumber(args[3]) or 0
  bodies = {}
  templates = {}
  for line in file:lines() do
    if line:sub(1, 1) == "@" then
      table.insert(bodies, false)
      templates[#bodies] = line:sub(2)
    else
      table.insert(bodies, wrk.format("POST", "/rpc", headers, line))
    end
  end
  file:close()
  assert(#bodies > 0, "no requests in " .. args[1])
  header_table = headers
  next_index = (number * 7919) % #bodies + 1
  fresh = 0
  rpc_errors = 0
  first_error = ""
end

function request()
  local index = next_index
  next_index = index % #bodies + 1
  local prepared = bodies[index]
  if prepared then
    return prepared
  end
  -- Unique across threads (number) and runs (run): at most 2^20 a thread, 8 threads a run.
  local unique = 10000000 + run * 8388608 + number * 1048576 + fresh
  fresh = fresh + 1
  local body = templates[index]:gsub("@N@", tostring(unique))
  return wrk.format("POST", "/rpc", header_table, body)
end

function response(status, headers, body)
  if status ~= 200 or not body:sub(1, 48):find('"result"', 1, true) then
    rpc_errors = rpc_errors + 1
    if first_error == "" then
      first_error = tostring(status) .. " " .. body:sub(1, 200)
    end
  end
end

function done(summary, latency, requests)
  local errors = 0
  local first = ""
  for _, thread in ipairs(threads) do
    errors = errors + thread:get("rpc_errors")
    if first == "" then
      first = thread:get("first_error")
    end
  end
  local socket = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  first = first:gsub("[%c\"\\]", " ")
  io.write(string.format(
    'WRK-RESULT {"requests":%d,"seconds":%.6f,"p50":%d,"p99":%d,"p999":%d,"max":%d,'
      .. '"socketErrors":%d,"rpcErrors":%d,"firstError":"%s"}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), latency.max, socket, errors, first))
end
