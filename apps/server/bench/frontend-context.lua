-- wrk script for `npm run bench -- workers`: POST /api/frontend with a new context on every request (userId,
-- sessionId and three properties change each time), as browsers of many different users send. The token and the
-- content type come from wrk's -H flags.
local counter = 0

function init(args)
  -- Each wrk thread has its own Lua state: start each at a different place.
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
  counter = math.random(1, 1000000000)
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"context":{"appName":"web","userId":"user-%d","sessionId":"session-%d",' ..
      '"properties":{"email":"user-%d@example.com","accountAgeDays":"%d","appVersion":"2.%d.%d"}}}',
    counter, counter * 7 + 3, counter, counter % 1000, counter % 5, counter % 13)
  return wrk.format("POST", nil, nil, body)
end
