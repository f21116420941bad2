# El análisis de una partida terminada (la página de repetición, los errores del servidor).

analysis-button = Analizar la partida
analysis-title = Análisis
analysis-running = Analizando: { $done } de { $total } posiciones…
analysis-graph-first = Probabilidad de ganar de { $who }, turno a turno
analysis-graph-mover = Probabilidad de ganar de quien elige, turno a turno
analysis-mistakes = Las elecciones que más perdieron
analysis-no-mistakes = Ninguna elección perdió mucho.
analysis-mistake = turno { $turn }, { $who }: { $played }, de { $from } a { $to } (mejor: { $best })
analysis-note = Una probabilidad es la estimación de la búsqueda ({ $iterations } iteraciones por posición) de cuántas veces gana quien eligió; pulsa un turno o un error para verlo.
analysis-turn = turno { $turn }: { $chance }
error-not-analysed = esta partida aún no se ha analizado
error-analyses-busy = el servidor está analizando { $running } partidas, su máximo a la vez; inténtalo más tarde
