# Las páginas del navegador: la sala, la partida, la repetición.

## Todas las páginas

web-language = Idioma
web-the-lobby = la sala
web-play-tash-kalar = Juega a Tash-Kalar
web-game-page-title = Tash-Kalar: partida
web-replay-page-title = Tash-Kalar: repetición
web-just-now = ahora mismo
web-minutes-ago = hace { $n } min
web-hours-ago = hace { $n } h
web-won-by = Ganada por { $names }
level-easy = fácil: un principiante puede ganarle (voraz con ruido)
level-medium = medio: una búsqueda rápida (500 iteraciones por decisión)
level-hard = difícil: un segundo de búsqueda por decisión
level-expert = experto: hasta cinco segundos de búsqueda por decisión y diez por turno, en dos hilos

## La sala

web-game-created = Partida creada
web-new-game = Nueva partida
web-form = Forma
web-seat-count = Número de asientos
web-clock = Reloj
web-clock-none = Sin reloj
web-clock-1d = 1 día por jugada
web-clock-2d = 2 días por jugada (partida tranquila)
web-clock-7d = 7 días por jugada
web-clock-5m = 5 min + 3 s por jugada
web-clock-10m = 10 min + 5 s por jugada
web-clock-30m = 30 min + 20 s por jugada
web-private = Privada: no aparece en la sala (solo la abren sus enlaces)
web-create-game = Crear la partida
web-with-a-friend = Jugar con un amigo
web-friend-help =
    Cada asiento humano tiene un enlace secreto: quien lo abre juega ese asiento, así que envía a cada amigo
    su propio enlace. Un asiento marcado como abierto a cualquiera aparece en Partidas abiertas, para el primero
    que se una; los demás se guardan para sus enlaces. Cualquiera con el enlace simple de la partida la observa.
    En tu propia red, arranca el servidor con --addr 0.0.0.0:8080 y usa la dirección de esta máquina en vez de localhost.
web-open-games = Partidas abiertas
web-games-playing = Partidas en curso
web-games-over = Partidas terminadas
web-human = Humano
web-human-lower = humano
web-bot = Bot
web-bot-random = aleatorio (el más débil)
web-bot-greedy = voraz
web-bot-mcts = MCTS, con el tiempo de reflexión de abajo
web-bot-named = bot { $bot }
web-optional = opcional
web-seat-legend = Asiento { $seat }{ $starts ->
    [yes] {" "}(empieza)
   *[no] {""}
 }
web-bot-strength = Fuerza del bot
web-thinking-time = Tiempo de reflexión (s)
web-name = Nombre
web-open-title = Aparece en Partidas abiertas: cualquiera puede ocuparlo. Si no, solo lo abre su enlace.
web-open-to-anyone = Abierto a cualquiera (aparece en Partidas abiertas)
web-school = Escuela
web-player = Jugador
web-bots-game = Una partida entre bots:
web-watch-it = obsérvala
web-open-your-seat = Abre tu asiento; envía a cada amigo el enlace del suyo (es su llave del asiento).
web-link-for-seat = Enlace del asiento { $seat }
web-seat-school = Asiento { $seat } ({ $school })
web-play-this-seat = Jugar este asiento
web-copy-link = Copiar el enlace
web-spectators = Espectadores:
web-link-copied = Enlace copiado
web-open-seat = asiento abierto
web-invited-player = jugador invitado
web-score-list = puntuación { $scores }
web-turn-n = turno { $n }
web-resume-seat = Volver al asiento { $seat }
web-join-as = Unirse como { $school }
web-watch = Observar
web-replay = Repetición
web-record = Registro
web-finished = Terminada
web-cannot-join = No se puede unir: { $why }
web-cannot-list = No se pueden listar las partidas: { $why }
web-no-open-games = Ninguna partida espera jugadores.
web-no-games-playing = Ninguna partida en curso.
web-no-games-over = Aún no hay partidas terminadas.

## La partida

web-game = Partida
web-connecting = conectando…
web-board = Tablero
web-the-board = El tablero
web-flip = Girar el tablero
web-cards = Cartas
web-your-hand = Tu mano
web-your-move = Tu jugada
web-effect-panel = Efecto que se está resolviendo
web-players = Jugadores
web-tasks = Misiones
web-chat = Chat
web-chat-label = Mensaje a los demás jugadores
web-chat-placeholder = Mensaje (solo jugadores)
web-send = Enviar
web-chat-note = Solo los jugadores sentados pueden escribir aquí.
web-chat-say-hello = Saluda a los demás jugadores.
web-chat-none = No hay mensajes.
web-game-log = Registro de la partida
web-record-summary = Registro (cada elección, en notación)
web-clocks = Relojes
web-server-refused = Rechazado: { $why }
web-no-reason = sin motivo
web-server-answered = el servidor respondió { $status }
web-conn-no-game = no existe esa partida
web-no-such-game = No existe esa partida: { $why }.
web-back-to-lobby = Volver a la sala
web-trying-again = { $why } (se reintenta en { $secs } s)
web-page-refused = El servidor rechazó esta página: { $why }.
web-watch-instead = Observar la partida
web-not-connected = Sin conexión: reconectando…
web-conn-playing = conectado · juegas con { $color }
web-conn-watching = conectado · observando
web-conn-reconnecting = reconectando…
web-summon-which-way = Invocar { $card } en { $at }: ¿en qué orientación?
web-move-piece-on = Mover la ficha de { $at }
web-then-click-where = luego pulsa adónde va
web-square-which = { $at }: ¿cuál?
web-summon-on = Invocar en { $at }
web-pattern-on = patrón en { $squares }
web-game-title = { $form } · { $schools }
web-vs = {" contra "}
web-finished-game = partida terminada
web-game-over-colon = Fin de la partida:
web-step-through-replay = Repasar la repetición
web-turn-your-move = Turno { $n }: te toca
web-turn-to-play = Turno { $n }: juega { $who }
web-actions-left = { $n ->
    [one] queda { $n } acción
   *[other] quedan { $n } acciones
 }
web-discard-used = descarte usado
web-flare-used = estallido provocado
web-end-near = el final se acerca: { $n ->
    [one] { $n } turno más
   *[other] { $n } turnos más
 } después de este
web-last-turn = último turno
web-sending = enviando…
web-watching-badge = observando
web-you-hold-seat = Tienes un asiento en esta partida:
web-play-seat-n = jugar el asiento { $seat }
web-choose = Elige.
web-hint-pickup = tu reserva está vacía: pulsa una de tus fichas resaltadas para recogerla y colocarla de nuevo
web-hint-place = pulsa una casilla resaltada para colocar una ficha
web-hint-summon = elige una carta marcada con ✦ para invocar
web-hint-discard = descartar
web-hint-end = terminar el turno
web-or = { $first } o { $last }
web-actions-left-hint = { $n ->
    [one] Queda { $n } acción
   *[other] Quedan { $n } acciones
 }: { $hints }.
web-hint-returning = Devuelve cartas al fondo de sus mazos (Devolver en una carta) y luego Hecho.
web-game-over = Partida terminada
web-watching = Observando
web-waiting = Esperando
web-is-choosing = { $who } está eligiendo…
web-cards-drawn = Se están robando cartas…
web-cancel-esc = Cancelar (Esc)
web-summoning-click = Invocando { $card }: pulsa una casilla resaltada con ✦ (Esc para cancelar).
web-moving-click = Moviendo desde { $from }: pulsa una casilla resaltada con ◆ (Esc para cancelar).
web-highlighted-squares = { $n ->
    [one] { $n } casilla resaltada
   *[other] { $n } casillas resaltadas
 } en el tablero (Tab lleva al tablero; las flechas, de casilla en casilla).
web-directions = Direcciones
web-undo-title = Deshacer tu última elección de este turno (u)
web-undo = Deshacer
web-resign = Rendirse
web-resign-confirm = ¿Rendirte en esta partida?
web-type-placeholder = o escribe una elección, p. ej. place e5
web-type-choice = Escribe una elección
web-play = Jugar
web-flare-criterion = { $half ->
    [upper] requisito superior (fichas mejoradas)
   *[lower] requisito inferior (todas las fichas)
 }: hacen falta { $need } más, { $color } tiene { $cmp ->
    [more] { $have } más
    [same] las mismas
   *[fewer] { $have } menos
 }
web-flare-against = { $card } contra { $color }:
web-flare-halves = requisito superior { $upper ->
    [met] cumplido
   *[not] no cumplido
 }, inferior { $lower ->
    [met] cumplido
   *[not] no cumplido
 }
web-against = contra { $color }
web-resolving = Resolviendo: { $card } ({ $color }){ $on ->
    [yes] {" "}en { $at }
   *[no] {""}
 }
web-resolving-plain = Resolviendo: { $card }{ $on ->
    [yes] {" "}en { $at }
   *[no] {""}
 }
web-hands = Manos
web-hands-hidden = Las manos están ocultas para los espectadores.
web-hand-of = Mano de { $who }
web-no-cards = No hay cartas en la mano.
web-discard = Descartar
web-return = Devolver
web-can-summon-on = { $n ->
    [one] se puede invocar en { $n } casilla
   *[other] se puede invocar en { $n } casillas
 }
web-card-summon = { $card }: invocar
web-flare-note = contra { $color }: superior { $upper } inferior { $lower }
web-you = tú
web-online = conectado
web-offline = desconectado
web-hand-counts = mano: { $beings ->
    [one] { $beings } criatura
   *[other] { $beings } criaturas
 }, { $legends ->
    [one] { $legends } leyenda
   *[other] { $legends } leyendas
 }, { $flares ->
    [one] { $flares } estallido
   *[other] { $flares } estallidos
 }
web-deck-n = mazo { $n }
web-supply = fichas fuera del tablero { $common } + { $legendary } legendarias
web-discard-n = descarte { $n }
web-team-n = equipo { $team }
web-sideways = { $n } de lado
web-team-tasks = misiones del equipo: { $tasks }
web-tasks-claimed = misiones: { $tasks }
web-discard-pile = pila de descarte: { $cards }
web-score = puntuación { $score }
web-shared-decks = Mazo de leyendas { $legends }, descartadas { $legendsOut } · Mazo de estallidos { $flares }, descartados { $flaresOut }
web-frozen = Congelada
web-frozen-effect = Efecto congelado: { $text }
web-no-frozen-effect = Sin texto de efecto congelado.
web-gateway-of = Portal de { $color }
web-gateway-on = Portal en { $at }
web-warp-button = Distorsión
web-card-warp = Distorsión: { $text }
web-warp-stage = su efecto de distorsión, jugado desde la mano (la carta pasa a ser la criatura pendiente)
web-copy-stage = resolviendo una copia del efecto de distorsión de { $card }
web-pending = Pendiente
web-pending-note = Pendiente: boca arriba sobre el mazo; −2 puntos si nunca se invoca
web-pending-can-summon = se puede invocar
web-warp-played = Efecto de distorsión (jugado): { $text }
web-pending-effect = Sobre el mazo y aún en la mano: se puede invocar desde ahí. −2 puntos si nunca se invoca.
web-stored = Guardada
web-stored-title = Fuera del tablero, guardada en el Mercader del Tiempo; cae en el tablero cuando se invoca el Mercader
web-stored-piece = { $piece } en el Mercader
web-thaw = Descongelar { $card }
web-score-board = Marcador de { $who }
web-melee-points-title = { $n ->
    [one] { $n } punto
   *[other] { $n } puntos
 } en { $color }{ $lowest ->
    [yes] {" "}(el más bajo: la puntuación)
   *[no] {""}
 }; invocación improvisada con { $color } { $free ->
    [yes] aún posible
   *[no] usada
 }
web-improvised-left = invocación improvisada aún posible con { $colors }{ $some ->
    [yes] {" "}(usados: { $used })
   *[no] {""}
 }
web-improvised-all-used = invocación improvisada usada con todos los colores
web-points-short = { $n ->
    [one] { $n } pto
   *[other] { $n } ptos
 }
web-task-kind = { $kind ->
    [squares] casillas
    [formation] formación
    [enemy] enemigo
    [summon] invocación
   *[destroy] destrucción
 }{ $advanced ->
    [yes] {" "}· avanzada
   *[no] {""}
 }{ $next ->
    [yes] {" "}· siguiente
   *[no] {""}
 }
web-claim = Reclamar
web-tasks-left = { $n ->
    [one] queda { $n } misión en el mazo
   *[other] quedan { $n } misiones en el mazo
 }
web-turn-heading = Turno { $n }
web-chance = Azar
web-no-game-here = Aquí no hay ninguna partida.
web-cannot-load-cards = No se pueden cargar las cartas: { $why }

## El tablero y las cartas

web-pattern-part = { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 } en { $at }
web-pattern-of = Patrón de { $card }: la ficha { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 } de la criatura en la casilla de invocación
web-pattern-needs = necesita { $parts }
web-pattern-marked = { $n ->
    [one] { $n } casilla señalada
   *[other] { $n } casillas señaladas
 }
web-pattern-arrows = flechas { $arrows }
web-red-square = casilla roja
web-green-square = casilla verde
web-central = central
web-central-squares = casillas centrales
web-empty = vacía
web-can-summon-here = se puede invocar aquí
web-touched-last-turn = tocada en el último turno
web-choice = elección
web-rank-letter = { $rank ->
    [common] C
    [heroic] H
   *[legendary] L
 }
web-card-kind-flare = Estallido · superior { $upper } · inferior { $lower }
web-card-kind = { $kind ->
    [legend] Leyenda
   *[being] Criatura
 } · { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 }
web-legend-choice = una elección
web-legend-summon-here = invocar aquí
web-legend-last-turn = último turno (✕: destruida)

## Relojes, aviso de turno, final

web-clock-days = { $d } d { $h } h
web-clock-hours = { $h } h { $min } min
web-no-clock = sin reloj
web-days = { $n ->
    [one] { $n } día
   *[other] { $n } días
 }
web-per-move = { $time } por jugada
web-your-turn = Tu turno
web-sound-on = Sonido activado
web-sound-off = Sonido desactivado
web-notify-me = Avisarme
web-ran-out-of-time = { $you ->
    [yes] te quedaste
   *[no] { $who } se quedó
 } sin tiempo
web-resigned-how = { $you ->
    [yes] te rendiste
   *[no] { $who } se rindió
 }
web-result-how = { $result } ({ $how })
web-a-draw = Empate
web-you-won = Has ganado
web-you-lost = Has perdido
web-you-lost-to = Has perdido: ha ganado { $who }
web-rematch-ready = La revancha está lista, con los asientos cambiados.
web-play-rematch = Jugar la revancha
web-rematch-played = Se está jugando una revancha.
web-watch-rematch = Observar la revancha
web-rematch = Revancha
web-rematch-note = una nueva partida con los asientos cambiados (a los demás jugadores se les ofrecen los suyos)

## La repetición

web-download-record = Descargar el registro
web-step-through = Recorrer la partida
web-first = Primera
web-first-title = Primera (Inicio)
web-first-button = « Primera
web-back = Atrás
web-back-title = Atrás (←)
web-back-button = ‹ Atrás
web-play-title = Reproducir (espacio)
web-play-button = ▶ Reproducir
web-play-replay = Reproducir
web-pause = Pausa
web-next = Adelante
web-next-title = Adelante (→)
web-next-button = Siguiente ›
web-last = Última
web-last-title = Última (Fin)
web-last-button = Última »
web-move = Jugada
web-skip-draws = saltar los robos de cartas
web-moves = Jugadas
web-step-of = Paso { $at } de { $steps } · turno { $turn }
web-the-start = El comienzo
web-replay-title = Repetición · { $form }
web-cannot-load-replay = No se puede cargar la repetición: { $why }

## Los errores del servidor de partidas, por su código (docs/server-protocol.md);
## los rechazos del motor son los mensajes error-* de ui.ftl

error-bad-entry = el servidor rechazó una entrada sin elección
error-resign-message = para rendirte, usa el botón Rendirse
error-seat-required = solo un asiento puede deshacer, rendirse o quedarse sin tiempo
error-save-failed = el servidor no pudo guardar esto; nada ha cambiado, inténtalo de nuevo
error-bad-token = este enlace de asiento no es de esta partida
error-seat-is-bot = un bot juega en este asiento
error-seat-taken = este asiento está ocupado
error-spectator-cannot-play = los espectadores no pueden jugar: abre la partida con un enlace de asiento para jugar
error-not-your-seat = no ocupas el asiento { $seat }
error-time-ran-out = se te acabó el tiempo: ahora un bot juega en este asiento
error-stale-version = la partida ha avanzado (está en la versión { $current }, no en la { $version }); inténtalo de nuevo
error-version-required = el mensaje no lleva versión
error-spectator-cannot-chat = los espectadores pueden leer el chat pero no escribir en él
error-chat-too-fast = demasiados mensajes de chat; espera { $secs } s
error-chat-full = el chat de esta partida está lleno ({ $lines } líneas)
error-bad-chat = este mensaje de chat no se puede enviar
error-game-not-over = la partida no ha terminado
error-rematch-in-progress = se está preparando una revancha; inténtalo de nuevo en un momento
error-bad-message = el servidor no pudo leer el mensaje que envió la página
error-hello-twice = esta conexión ya ha saludado
error-hello-first = la página debe saludar primero
error-no-such-game = no hay ninguna partida con este id
error-server-full = el servidor está lleno ({ $games } partidas en juego); inténtalo más tarde
error-server-error = el servidor tuvo un error
error-bad-request = el servidor rechazó la petición por no ser válida
error-not-found = no encontrado
error-forbidden = esta petición no está permitida
error-unknown-host = este servidor no responde a este nombre de dirección
error-conflict = la petición no encaja con la partida tal como está ahora
error-too-many-requests = demasiadas peticiones desde tu dirección; inténtalo más tarde
error-request-timeout = la petición tardó demasiado
error-not-json = la petición no se envió como JSON
error-too-large = la petición es demasiado grande
error-server-busy = el servidor está ocupado; inténtalo más tarde
error-too-many-games = demasiadas partidas creadas desde tu dirección; inténtalo de nuevo en { $secs } s
error-too-many-joins = demasiados asientos ocupados desde tu dirección; inténtalo de nuevo en { $secs } s
error-seat-reserved = este asiento está reservado para otro jugador
