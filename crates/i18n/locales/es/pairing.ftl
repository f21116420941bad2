# Encontrar partida (el `pairing` del servidor): «Jugar ya», desafíos,
# quién está conectado, bloqueos; y los rechazos de sus rutas (error-<code>).

pairing-play-now = Jugar ya
pairing-play-now-help = Se te empareja con el jugador de puntuación más cercana que pida la misma forma, el mismo reloj y el mismo tipo de partida.
pairing-rated = Puntuada (entre jugadores con sesión iniciada)
pairing-seek = Buscar partida
pairing-seeking = Buscando rival…
pairing-cancel = Cancelar
pairing-paired = Emparejado: abriendo la partida…
pairing-online = Conectados
pairing-online-count = Jugadores en la sala: { $count }
pairing-online-none = No hay ningún jugador con sesión iniciada en la sala.
pairing-you = (tú)
pairing-challenge = Desafiar
pairing-challenge-title = Desafiar a { $name } con los ajustes de Jugar ya
pairing-challenges = Desafíos
pairing-challenge-from = { $name } te desafía
pairing-challenge-to = Has desafiado a { $name }
pairing-rated-game = puntuada
pairing-casual-game = amistosa
pairing-accept = Aceptar
pairing-decline = Rechazar
pairing-declined = { $name } ha rechazado tu desafío.
pairing-accepted = { $name } ha aceptado tu desafío: abriendo la partida…
pairing-block = Bloquear
pairing-block-title = Bloquear a { $name }: sin desafíos ni chat entre vosotros
pairing-blocked = Has bloqueado a { $name }.

error-own-name = ese es tu propio nombre
error-blocked = uno de vosotros ha bloqueado al otro: no hay desafíos entre vosotros
error-no-such-seek = esta búsqueda de partida ha terminado: se emparejó, se canceló o caducó
error-no-such-challenge = este desafío ha terminado: se respondió, se canceló o caducó
error-too-many-seeks = hay demasiadas búsquedas de partida en espera ({ $seeks }, el máximo permitido); cancela una o inténtalo más tarde
error-too-many-challenges = hay demasiados desafíos esperando respuesta ({ $challenges }, el máximo permitido)
error-too-many-blocks = bloqueas a { $blocks } jugadores, el máximo permitido
error-too-fast = demasiadas peticiones desde tu dirección; inténtalo de nuevo en { $secs } s
