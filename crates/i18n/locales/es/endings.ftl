# Partidas que siempre terminan: anular, reclamar contra un jugador ausente,
# abandonar, plazos por jugada (docs/server-protocol.md, "Games that end").

## resultados
endings-result-abandoned = { $who } abandonó la partida: { $result }
endings-result-drawn = { $result }: empate reclamado con un jugador ausente
endings-result-aborted = La partida se anuló: sin resultado

## el resultado en la terminal
endings-outcome-abandoned = El asiento { $seat } abandonó la partida.
endings-outcome-aborted = La partida se anuló: sin resultado.

## el registro
endings-log-abort = { $who } anula la partida
endings-log-abandoned = { $who } estaba ausente: se reclamó contra ese asiento
endings-log-claim-draw = { $who } reclama el empate: el rival estaba ausente
endings-log-leave = { $who } deja la partida a un bot

## rechazos (los códigos del servidor: `error-<código>`)
error-too-late-to-abort = todos los asientos han jugado su primer turno: la partida ya no se puede anular
error-nothing-to-claim = ningún asiento está ausente en su turno: no hay nada que reclamar
error-claim-too-early = se podrá reclamar contra el asiento ausente dentro de { $secs } s
error-cannot-leave = solo se puede dejar una melé o una partida por equipos; ríndete en su lugar

