-- wrk script for bench/load.ts: the thread's connections take the request paths listed, one per
-- line, in the file named by the first argument after `--`, in turn (one list position shared by
-- them all, as autocannon's setup shared it), from a place of Lua's unseeded random numbers.
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
