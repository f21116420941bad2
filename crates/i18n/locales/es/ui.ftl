# Las palabras del juego que usan a la vez el cliente de terminal y la página.
# Los nombres de casillas (e5), los textos de elección y los ids de carta son
# notación: nunca se traducen. Términos: ver GLOSSARY.md.

## Colores, como nombres de sus jugadores

color-red = Rojo
color-blue = Azul
color-brown = Marrón
color-green = Verde
color-white = Blanco
color-orange = Naranja
color-purple = Púrpura

## Escuelas y formas

school-northern = Imperio del Norte
school-southern = Imperio del Sur
school-highland = Tierras Altas
school-sylvan = Silvanos
school-everfrost = Hielo Eterno
school-nethervoid = Vacío Abisal
school-etherweave = Tejido Etéreo
form-duel = Duelo a muerte
form-high-form = Élite
form-first-game = Primera partida
form-melee = Melé a muerte
form-team-duel = Duelo a muerte por equipos
form-team-high-form = Élite por equipos

## Fichas y direcciones

rank = { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 }
# $c: el color (red, blue...), con el que concuerda el adjetivo
piece = ficha { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 } { $c ->
    [red] roja
    [blue] azul
    [brown] marrón
    [green] verde
    [white] blanca
    [orange] naranja
   *[purple] púrpura
 }
the-piece = la ficha
dir = { $dir ->
    [n] norte
    [ne] noreste
    [e] este
    [se] sureste
    [s] sur
    [sw] suroeste
    [w] oeste
   *[nw] noroeste
 }
orientation = { $o ->
    [r0] como está impresa
    [r90] girada a la derecha
    [r180] del revés
    [r270] girada a la izquierda
    [m0] reflejada
    [m90] reflejada, girada a la derecha
    [m180] reflejada, del revés
   *[m270] reflejada, girada a la izquierda
 }
seat-number = asiento { $seat }
seat-in-team = { $color } (asiento { $seat })
team-name = el equipo { $color } (asientos { $first } y { $second })
list-and = { $first } y { $last }
# un asiento con quien lo juega: $color es el nombre del asiento (su color), $name el nombre elegido por una persona, $level el nivel o la especificación de un bot
seat-player = { $color } ({ $name })
seat-in-team-player = { $color } (asiento { $seat }, { $name })
seat-bot = { $color } (bot, { $level ->
    [easy] fácil
    [medium] medio
    [hard] difícil
    [expert] experto
   *[other] { $level }
 })
seat-in-team-bot = { $color } (asiento { $seat }, bot, { $level ->
    [easy] fácil
    [medium] medio
    [hard] difícil
    [expert] experto
   *[other] { $level }
 })

## El registro

event-turn-started = Turno { $number }: { $who }
event-placed = Se coloca una { $piece } en { $at }
event-picked-up = Se recoge la { $piece } de { $at }
event-summoned = { $who } invoca { $card } en { $at } ({ $orientation })
event-moved = La { $piece } { $how ->
    [leap] salta
   *[move] se mueve
 } de { $from } a { $to }
event-upgraded = La ficha de { $color } en { $at } mejora a { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 }
event-downgraded = La ficha de { $color } en { $at } se degrada a { $rank ->
    [common] básica
    [heroic] heroica
   *[legendary] legendaria
 }
event-converted = La { $from } de { $at } se transforma en una { $to }
event-destroyed = Destruida la { $piece } de { $at }
event-scored = { $who } gana { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
 } { $why ->
    [destruction] por fichas destruidas
    [legend] por la leyenda invocada
    [flare] por el estallido provocado contra él
    [causality] por la criatura pendiente nunca invocada (penalización de causalidad)
   *[unpaired] por fichas básicas desaparejadas
 }
event-scored-in = { $who } gana { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
 } en { $color } { $why ->
    [destruction] por fichas destruidas
    [legend] por la leyenda invocada
    [flare] por el estallido provocado contra él
    [causality] por la criatura pendiente nunca invocada (penalización de causalidad)
   *[unpaired] por fichas básicas desaparejadas
 }
event-discarded = { $who } descarta { $card }
event-returned = { $who } devuelve { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
 } al fondo del mazo
event-flare-invoked = { $who } provoca { $card } contra { $against } ({ $parts ->
    [both] los dos efectos
    [upper] el efecto superior
    [lower] el efecto inferior
   *[none] ningún efecto
 })
event-drew = { $who } roba { $what }
drew-beings = { $n ->
    [one] { $n } criatura
   *[other] { $n } criaturas
 }
drew-legends = { $n ->
    [one] { $n } leyenda
   *[other] { $n } leyendas
 }
drew-flares = { $n ->
    [one] { $n } estallido
   *[other] { $n } estallidos
 }
event-task-revealed = Misión descubierta: { $task }
event-task-claimed = { $who } reclama la misión { $task } ({ $points ->
    [one] { $points } punto
   *[other] { $points } puntos
 })
event-passed-control = { $who } cede el control del turno a { $to }
event-improvised = { $who } gasta { $color } en una invocación improvisada
event-frozen = { $who } congela { $card }
event-kept-frozen = { $who } se queda con { $kept } congelada y descarta { $discarded }
event-thawed = { $who } descongela { $card }
event-gateway-gained = La ficha de { $who } en { $at } pasa a ser el Portal
event-gateway-lost = El Portal de { $who } en { $at } deja de ser el Portal
event-warped = { $who } juega el efecto de distorsión de { $card }, que pasa a ser su criatura pendiente
event-pending-returned = { $who } devuelve a la mano su criatura pendiente, { $card }
event-pending-discarded = { $who } descarta su criatura pendiente, { $card }
event-stored = { $who } retira la { $piece } de { $at } y la guarda en el Mercader del Tiempo
event-landed = { $who }: la { $piece } guardada en el Mercader del Tiempo salta a { $at }
event-landed-nowhere = { $who }: la { $piece } guardada en el Mercader del Tiempo no tiene casilla donde caer y vuelve a su reserva
event-resigned = { $who } se rinde
event-turn-ended = Termina el turno de { $who }
event-game-over = La partida ha terminado

## Las elecciones

choice-draw = robar { $card }
choice-draw-task = descubrir la misión { $task }
choice-start-pieces = tu ficha inicial en { $at }, la del jugador inicial en la otra casilla inicial
choice-start-piece = una ficha inicial de { $color } en { $at }
choice-place = colocar una ficha básica en { $at }
choice-pickup = recoger tu ficha de { $at } para colocarla en otro sitio
choice-summon = invocar { $card } en { $at } ({ $orientation })
choice-taking-up = { $choice }, recogiendo tu ficha de { $at }
choice-destroying = { $choice }, destruyendo la { $piece }
choice-discard = descartar { $card }
choice-take = tomar { $card }
choice-return = devolver { $card } al fondo de su mazo
choice-done = hecho
choice-flare = provocar { $card } contra { $color }
choice-thaw = descongelar { $card }
choice-warp = jugar el efecto de distorsión de { $card }
choice-end = terminar el turno
choice-square = { $at }
choice-square-piece = { $at } ({ $piece })
choice-move = { $piece } de { $from } a { $to }
choice-skip = omitir
choice-claim-none = no reclamar ninguna misión
choice-claim = reclamar { $task } ({ $points ->
    [one] { $points } punto
   *[other] { $points } puntos
 })
choice-pass = ceder el control del turno a tu compañero
choice-improvise = gastar { $color } en la invocación improvisada
choice-point = 1 punto en { $color }
option-number = opción { $n }
option-color = { $color }
option-gryphon-dismount = desmontar: degrada al Jinete de Grifo y coloca una ficha básica junto a él
option-fire-adjacent = quemar las fichas enemigas no legendarias adyacentes
option-fire-distance = quemar las fichas básicas enemigas a distancia 2 o menos
option-leviathan-downgrade = degradar hasta 3 fichas mejoradas conectadas
option-leviathan-destroy = destruir hasta 4 fichas básicas conectadas
option-storm-common = una ficha básica
option-storm-heroic = una ficha heroica
option-storm-legendary = una ficha legendaria
option-pending-discard = descartar tu criatura pendiente
option-pending-return = devolver tu criatura pendiente a tu mano
option-possessed-discard-flare = descartar tu estallido y obtener una acción
option-gate-keeper-upgrade = mejorar una de tus fichas básicas: pasa a ser el Portal
option-gate-keeper-place = colocar una ficha básica en una casilla vacía: pasa a ser el Portal

## Las preguntas

question-start-pieces = Pon las fichas iniciales: elige la casilla inicial de tu propia ficha.
question-start-piece = Pon una ficha inicial junto al siguiente símbolo de inicio.
question-actions-used = Has gastado tus acciones: provoca un estallido o termina el turno.
question-action = Haz una acción ({ $n ->
    [one] te queda { $n }
   *[other] te quedan { $n }
 }): coloca una ficha básica, invoca a una criatura{ $discard ->
    [yes] {" "}o descarta una
   *[no] {""}
 }; o provoca un estallido.
question-teammate-place = Coloca fichas básicas con las acciones que le quedan a tu compañero.
question-placing = Coloca la ficha que has recogido.
question-returning = Devuelve cartas de tu mano al fondo de sus mazos, o di «hecho».
question-effect = { $card }: { $step }.
question-effect-at = { $card } en { $at }: { $step }.
question-effect-text = { $card }: { $text }
question-effect-text-at = { $card } en { $at }: { $text }
question-improvise = Elige el color enemigo que gasta tu invocación improvisada (la otra ficha es la del Invocador de Guerra).
question-score-unpaired = Gana 1 punto en el color de una de tus fichas básicas desaparejadas.
question-score-legend = Gana 1 punto en el color que elijas por la leyenda que has invocado.
question-claim = Reclama una misión cuyo requisito cumples, u omítelo.

## El final

result-wins = Gana { $who }
result-team-wins = Gana { $team }
result-draw = Empate entre { $names }
result-place = { $place ->
    [2] segundo
    [3] tercero
   *[other] cuarto
 } { $names }
result-and-places = { $result }; { $places }
result-resigned = { $who } se rindió: { $result }
result-time = { $who } se quedó sin tiempo: { $result }
result-end-score = { $result }: se alcanzó la puntuación final
result-deck-out = { $result }: se agotó un mazo
score-of = { $who } { $score }
result-with-score = { $result }. Puntuación: { $scores } (puntuación final { $target }).

## Rechazos (la partida no cambia)

error-empty-choice = no se ha dado ninguna elección
error-unknown-choice = «{ $text }» no es una elección
error-bad-square = no es una casilla: «{ $text }»
error-unknown-card = ninguna carta tiene el id «{ $text }»
error-unknown-task = ninguna misión tiene el id «{ $text }»
error-bad-orientation = no es una orientación (r0 r90 r180 r270 m0 m90 m180 m270): «{ $text }»
error-bad-direction = no es una dirección (n ne e se s sw w nw): «{ $text }»
error-bad-color = no es una letra de color (r b n g w o p): «{ $text }»
error-bad-option = no es un número de opción: «{ $text }»
error-arity = { $text }: número de palabras incorrecto
error-resign-not-a-choice = rendirse no es una elección: ríndete aparte
error-game-over = la partida ha terminado
error-illegal = { $choice } no es una elección legal ahora
error-illegal-nearest = { $choice } no es una elección legal ahora (las legales más cercanas: { $nearest })
error-not-your-turn = no te toca elegir
error-no-such-seat = no hay ningún asiento { $seat } en esta mesa
error-wrong-phase = { $choice } no es una elección legal ahora: no responde a lo que se está decidiendo
error-nothing-to-take-back = no hay nada que deshacer (no más allá del final de un turno, un robo o una misión reclamada, ni una elección de otro jugador)
error-cannot-resign = en esta forma nadie puede rendirse

## El registro, una línea por entrada: $who es el nombre de un asiento

log-choice = { $who }: { $choice }
log-chance = { $choice }
log-draw-hidden = { $who } roba { $deck ->
    [legend] una leyenda
    [flare] un estallido
   *[being] una criatura
 }
log-return-hidden = { $who } devuelve una carta al fondo del mazo
log-flare = { $who } provoca { $card } contra { $against }
log-undo = { $who } deshace una elección
log-resign = { $who } se rinde
log-timeout = { $who } se queda sin tiempo
