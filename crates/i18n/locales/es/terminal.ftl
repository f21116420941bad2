# El cliente de terminal: a pantalla completa (tui-) y por líneas (play-).
# Las teclas (s, e, u, q, ?) y las órdenes escritas (undo, show, resign,
# help, quit) no se traducen: son las que el programa lee.

## Ambos

status-setup = Preparación: { $who } pone las fichas iniciales
status-turn = Turno { $turn }: juega { $who }, { $n ->
    [one] queda { $n } acción
   *[other] quedan { $n } acciones
 }
game-over = La partida ha terminado
took-back = Deshecho: { $choice }
nothing-to-take-back = No hay nada que deshacer (no se puede volver más allá del final de un turno, un robo o una misión reclamada).
not-accepted = No aceptado: { $why }
no-such-choice = no hay ninguna elección { $n } (de 1 a { $count })
outcome-resigned = El asiento { $seat } se rindió.
outcome-time = El asiento { $seat } se quedó sin tiempo.
outcome-wins = Gana el asiento { $seat }.
outcome-team-wins = Ganan los asientos { $first } y { $second }.
outcome-draw = Empate.
outcome-none = Sin resultado.
end-triggered = Se ha desencadenado el final: el asiento { $seat } juega el último turno.
card-kind-legend = leyenda
card-kind-flare = estallido: superior { $upper }, inferior { $lower }
frozen-card = congelada: { $card }
frozen-effect = Congelada: { $text }
play-gateway = Portal en { $at } (marcado con @ en el tablero)
play-pending = criatura pendiente: { $card }
play-stored = guardada en el Mercader del Tiempo: { $piece } [{ $code }]
card-warp-effect = Distorsión: { $text }
task-place = { $place ->
    [current] una misión actual
    [next] la siguiente misión
    [set-aside] apartada hasta que salgan las misiones actuales
    [bottom] al fondo del mazo de misiones
   *[turned-up] descubierta
 }

## Por líneas

play-greeting = Tash-Kalar: { $form }, semilla { $seed }. Escribe `help` para ver la ayuda.
play-help =
    Escribe el número de una elección, o su texto (p. ej. `place e5`, `summon imperial.knight e5 r90`,
    `e5-f6`, `claim tasks.center_cross`, `skip`, `end`; en el juego por equipos `pass` cede el control
    del turno a tu compañero). Otras órdenes:
      undo    deshace tu última elección de este turno (no más allá del final de un turno, un robo, una misión reclamada o una cesión del control)
      show    vuelve a mostrar el tablero y tus elecciones
      resign  te rindes
      help    este texto
      quit    sale de la partida
play-bye = Adiós.
play-end-of-input = Fin de la entrada.
play-record-written = Registro escrito en { $path }.
play-seat-draws = { $who } roba { $card } ({ $id }).
play-task-turned-up = Misión descubierta: { $task } ({ $id }), { $place }.
play-bot-returns = { $who }: devuelve una carta al fondo de su mazo
play-bot-chose = { $who }: { $choice }
play-not-accepted-help = No aceptado: { $why }. Escribe `help` para ver la ayuda.
play-seat = { $who }, { $school }
play-scores = Puntuación: { $scores }
play-points-by-color = { $who }, puntos por color: { $points }
play-seat-cards = { $who }: mano { $beings ->
    [one] { $beings } criatura
   *[other] { $beings } criaturas
 }, { $legends ->
    [one] { $legends } leyenda
   *[other] { $legends } leyendas
 }, { $flares ->
    [one] { $flares } estallido
   *[other] { $flares } estallidos
 }; mazo { $deck }; reserva { $common } de dos caras + { $legendary } legendarias; descarte: { $discard }
play-shared-decks = Mazo de leyendas { $legends }, mazo de estallidos { $flares }.
play-tasks = Misiones ({ $deck } en el mazo):
play-task-current = actual
play-task-next = siguiente
play-task-line = { $name } ({ $kind ->
    [squares] casillas
    [formation] formación
    [enemy] enemigo
    [summon] invocación
   *[destroy] destrucción
 }, { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
 }{ $advanced ->
    [yes] , avanzada
   *[no] {""}
 }): { $text }
play-claimed = { $who } ha reclamado: { $tasks }
play-resolving = Resolviendo { $card }{ $place }: { $question }
play-may-claim = Fin de tu turno: puedes reclamar una misión que cumples ({ $tasks }), u omitirlo.
play-your-hand = Tu mano:
play-choices = Elecciones:
play-choices-places = colocar una ficha básica en:
play-board-key = ( ) casilla roja  {"{"} {"}"} casilla verde  : casilla central  @ una ficha en su Portal

## Pantalla completa

tui-greeting = Tash-Kalar: { $form }, semilla { $seed }. Pulsa ? para ver la ayuda.
tui-you = tú
tui-seat = { $who }, { $school }
tui-status-over = La partida ha terminado. { $result } q para salir.
tui-status-thinking = Turno { $turn }: { $who } está pensando...
tui-your-choice = { $status } - te toca elegir
tui-quit-title = Salir
tui-quit-ask = ¿Salir de la partida? y / n
tui-board = Tablero
tui-cursor = cursor { $at }
tui-square-red = roja
tui-square-green = verde
tui-square-central = central
tui-square-gateway = Portal
tui-last = último ({ $who }) { $squares }
tui-scores = Puntuación
tui-score = { $score } puntos
tui-points = puntos: { $points }
tui-seat-cards = mano { $beings }c { $legends }l { $flares }e, mazo { $deck }, reserva { $common }+{ $legendary }
tui-frozen-mark = *CONGELADA*
tui-gateway-mark = @PORTAL@
tui-gateway-at = en { $at }
tui-pending-mark = ~PENDIENTE~
tui-stored-mark = ~GUARDADA~
tui-tasks = Misiones ({ $deck } en el mazo):
tui-next-task = siguiente: { $task }
tui-team = equipo { $team } (asientos { $first } y { $second })
tui-your-hand = Tu mano
tui-card = Carta
tui-no-card = No tienes cartas en la mano.
tui-arrows = flechas: { $arrows }
tui-hand-key = ✦ se puede invocar ya; S invocación, o + * tu ficha (rango mínimo), x señalada
tui-pattern-key-anywhere = o tu ficha: el patrón en cualquier lugar; se invoca en cualquier casilla sin color vacía
tui-pattern-key = S invocación, o/+/* tu ficha, x señalada{ $on_piece ->
    [yes] , S sobre tu ficha
   *[no] {""}
 }
tui-choices = Elecciones ({ $n })
tui-at = en { $squares }
tui-log = Registro{ $earlier ->
    [0] { $later ->
        [0] {""}
       *[other] {" "}- { $later } posteriores (End)
    }
   *[other] {" "}- { $earlier } anteriores{ $later ->
        [0] {""}
       *[other] , { $later } posteriores (End)
    }
 }
tui-claim-or-skip = { $question } (s para omitir)
tui-seat-choosing = { $who } está eligiendo: { $question }
tui-legend = ( ) casilla roja  {"{"} {"}"} casilla verde  : central  o objetivo  [ ] cursor  _ último turno
tui-keys-line = ? ayuda  Tab foco  Enter elegir  s omitir  e fin de turno  u deshacer  : escribir  RePág registro  q salir
tui-keys-title = Teclas
tui-pieces-key = Fichas: letra = color (r b n g w o p), + heroica, * legendaria, @ detrás el Portal; cualquier tecla cierra.
tui-bot-refused = { $who } eligió { $choice }, no aceptado: { $why }
tui-seat-draws = { $who } roba { $card }.
tui-task-turned-up = Misión descubierta: { $task }, { $place }.
tui-game-over-scores = La partida ha terminado. Puntuación: { $scores }.
tui-seat-chose = { $who }: { $choice }
tui-seat-took-back = { $who }: deshizo { $choice }
tui-seat-resigns = { $who } se rinde.
tui-nothing-to-skip = No hay nada que omitir ahora.
tui-cannot-end = El turno no puede terminar ahora.
tui-wait-bot = Espera: un bot está pensando.
tui-no-choice-at = No hay ninguna elección en { $at }.
tui-picked-now-target = { $at } elegida: ahora su casilla de destino (Esc para empezar de nuevo).
tui-choices-at = { $n } elecciones en { $at }: elige una (Esc para empezar de nuevo).
tui-bot-thinking = { $who } está pensando.
tui-over-leave = La partida ha terminado: q para salir.
tui-not-your-turn = No es tu turno.
tui-card-nothing = { $card }: no se puede hacer nada con ella ahora.
tui-card-summonings = { $card }: { $n ->
    [one] { $n } invocación
   *[other] { $n } invocaciones
 }; elige una casilla resaltada.
tui-card-choices = { $card }: { $n ->
    [one] { $n } elección
   *[other] { $n } elecciones
 }.
tui-no-choice-here = No hay ninguna elección aquí.
tui-nothing-to-resign = Ahora no puedes rendirte.
tui-not-accepted-help = No aceptado: { $why }. Pulsa ? para ver la ayuda.

## Las teclas (ayuda)

help-key-arrows = flechas, hjkl
help-key-enter = Enter, espacio
help-key-tab = Tab, Mayús-Tab
help-key-pages = RePág, AvPág
help-key-end = Fin
help-key-esc = Esc
help-key-quit = q, Ctrl-C
help-move = mueve el cursor por el tablero (o por la mano / la lista de elecciones)
help-enter = tablero: juega la elección de esta casilla, o limita las elecciones a ella;
help-enter-more = mano: elige la carta (se iluminan sus casillas de invocación); elecciones: la juega
help-tab = foco en tablero / mano / elecciones / registro
help-pages = recorre el registro hacia atrás y hacia delante (en la lista de elecciones: pasa páginas)
help-end = la entrada más reciente del registro (registro: Inicio la más antigua, flechas de una en una)
help-skip = omite una parte opcional (o no reclamar ninguna misión)
help-end-turn = termina el turno
help-undo = deshace tu última elección de este turno
help-esc = suelta la carta y las casillas elegidas
help-type = escribe una elección como la lee el modo por líneas: un número, `place e5`, `e5-f6`, `resign`...
help-help = esta ayuda
help-quit = salir (q pregunta antes)

## analyse: una partida registrada, elección a elección

analyse-header = Análisis de { $file }: { $iterations } iteraciones de búsqueda por posición (semilla { $seed }). Una probabilidad es la estimación de la búsqueda de cuántas veces gana el jugador que eligió.
analyse-line = Turno { $turn }, { $who }: { $choice }{ $mark } { $chance }
analyse-best = mejor: { $choice }, { $chance }
analyse-graph-first = Probabilidad de ganar de { $who }, turno a turno:
analyse-graph-mover = Probabilidad de ganar de quien elige, turno a turno:
analyse-mistakes = Las elecciones que más perdieron:
analyse-mistake = turno { $turn }, { $who }: { $choice }, de { $from } a { $to } (mejor: { $best })
analyse-no-mistakes = Ninguna elección perdió mucho.
