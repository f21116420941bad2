# Las palabras propias de la página para las partidas que terminan (botones,
# plazo por jugada), aparte de las palabras del juego (endings.ftl).

## la página de la partida
endings-abort = Anular
endings-claim-win = Reclamar la victoria
endings-claim-draw = Reclamar el empate
endings-claim-seat = Dar el asiento ausente a un bot
endings-leave = Dejar la partida
endings-leave-confirm = ¿Dejar esta partida? Un bot jugará tu asiento desde ahora.
# una partida sin reloj: el tiempo de cada jugada ("3 días")
endings-deadline = jugar en { $time }
