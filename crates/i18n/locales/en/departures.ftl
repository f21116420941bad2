# A seat that left a melee or team game (it left, was claimed against or
# ran out of time): a bot plays it on and it ranks last.

departures-left = { $name } left; { $level } plays the seat
departures-left-bot = { $name } left; a bot plays the seat
