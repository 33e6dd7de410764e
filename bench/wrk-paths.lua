-- wrk script for bench/load.ts: each connection cycles through the request paths listed, one per
-- line, in the file named by the first argument after `--`, starting at its own place in the list.
local paths = {}
local i = 0

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  i = math.random(#paths) - 1
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
