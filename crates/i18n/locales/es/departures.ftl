# Un asiento que dejó una melé o una partida por equipos (lo dejó, se
# reclamó contra él o se le acabó el tiempo): un bot lo juega y queda último.

departures-left = { $name } dejó la partida; { $level } juega en su asiento
departures-left-bot = { $name } dejó la partida; un bot juega en su asiento
