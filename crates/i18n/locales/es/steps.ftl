# Los pasos de los efectos (y las preguntas del propio juego): lo que pide
# cada paso, por su id estable (crates/rules/src/step.rs): mensaje `step-` y
# el id con `.` y `_` cambiados por `-`. Términos: GLOSSARY.md y el
# reglamento de la edición española (ficha, criatura, estallido, misión).

## etherweave

step-etherweave-paradox-worm-swap = una de tus fichas no legendarias puede intercambiar la casilla con una ficha enemiga del mismo rango
step-etherweave-paradox-worm-warp-upgrade = mejora una ficha básica de un rival
step-etherweave-paradox-worm-warp-discard = puedes descartar tu criatura pendiente (opción 1)
step-etherweave-lesser-shadow-twin-pick = elige una de tus fichas: se pueden destruir hasta 2 fichas básicas adyacentes a ella
step-etherweave-lesser-shadow-twin-destroy = puedes destruir una ficha básica adyacente a la ficha elegida
step-etherweave-lesser-shadow-twin-warp-upgrade = mejora una de tus fichas básicas
step-etherweave-greater-shadow-twin-warp-upgrade = mejora una de tus fichas básicas
step-etherweave-translocationist-swap = una de tus fichas heroicas puede intercambiar la casilla con una de tus fichas básicas
step-etherweave-antimatter-spirit-warp-place = efecto vinculado: elige la casilla sin color vacía y cómo se mueve tu nueva ficha
step-etherweave-antimatter-spirit-warp-opponent = elige el rival cuya ficha básica se mueve en la dirección opuesta
step-etherweave-merchant-of-time-leap = la ficha guardada en el Mercader del Tiempo hace un salto normal a una casilla sin color
step-etherweave-merchant-of-time-warp-lift = retira una ficha de una casilla sin color y guárdala en el Mercader del Tiempo
step-etherweave-gate-of-oblivion-destroy = puedes destruir una ficha no legendaria en una casilla roja
step-etherweave-time-traveler-destroy = puedes destruir una ficha básica adyacente al Viajero del Tiempo (después, la carta superior de tu pila de descarte se pone sobre tu mazo)
step-etherweave-greater-shadow-twin-destroy = puedes destruir una ficha heroica adyacente a al menos 2 de tus fichas
step-etherweave-warpmaster-return-or-move = puedes devolver tu criatura pendiente a tu mano (opción 1), o el Señor de la Distorsión puede hacer un movimiento normal
step-etherweave-dark-sphere-move = una ficha no legendaria puede hacer un movimiento de combate que termine a 2 casillas de la Esfera Oscura
step-etherweave-void-summoner-warp-move = una de tus fichas no legendarias hace un movimiento normal
step-etherweave-eternal-emperor-carry-out = puedes resolver el efecto de distorsión: coloca una ficha básica, o una de tus fichas se mueve
step-etherweave-eternal-emperor-warp-place-or-move = coloca una ficha básica en una casilla vacía, o una de tus fichas se mueve
step-etherweave-reality-patch-destroy = puedes destruir una ficha heroica de este rival
step-etherweave-reality-patch-discard-pending = puedes descartar tu criatura pendiente (opción 1)
step-etherweave-reality-patch-discard-card = puedes descartar una carta de tu mano
step-etherweave-polarity-queen-move = efecto vinculado: una de tus fichas hace un movimiento de combate (después otra se mueve en la dirección opuesta)
step-etherweave-polarity-queen-move-opposite = otra de tus fichas hace un movimiento de combate en la dirección opuesta
step-etherweave-polarity-queen-warp-place = coloca una ficha básica en una casilla vacía adyacente a una ficha enemiga
step-etherweave-singularity-square = elige una casilla sin color vacía: las fichas básicas adyacentes a ella se mueven a ella
step-etherweave-singularity-next = elige la siguiente ficha básica que se mueve a la casilla
step-etherweave-ziggurat-sentinel-copy-or-move = resuelve una copia del efecto de distorsión de una carta de tu pila de descarte, o el Centinela del Zigurat puede hacer un movimiento de combate en la dirección de su flecha
step-etherweave-ziggurat-sentinel-move-again = el Centinela del Zigurat puede hacer otro movimiento de combate en la dirección de su flecha
step-etherweave-ziggurat-sentinel-warp-move = una de tus fichas no legendarias hace un movimiento de combate, o el primero de 2 movimientos normales
step-etherweave-ziggurat-sentinel-warp-second-move = la ficha puede hacer un segundo movimiento normal
step-etherweave-iris-of-eternity-destroy-or-upgrade = puedes destruir una ficha legendaria adyacente al Iris, o mejorar el Iris (elige su casilla)

## everfrost

step-everfrost-snow-fox-move = el Zorro de las Nieves puede hacer un movimiento normal
step-everfrost-royal-reindeer-leap = el Reno Real puede hacer un salto de combate a una casilla a distancia exactamente 2
step-everfrost-crystal-mirror-pick = elige una ficha heroica, o una ficha básica en una casilla amarilla, para reflejarla
step-everfrost-crystal-grower-upgrade = mejora una ficha básica de este rival
step-everfrost-crystal-grower-frozen-upgrade = mejora una de tus fichas básicas
step-everfrost-ice-princess-move = otra de tus fichas básicas puede hacer un movimiento de combate
step-everfrost-ice-queen-move = otra de tus fichas heroicas puede hacer un movimiento de combate
step-everfrost-ice-princess-frozen-move = una de tus fichas básicas hace un movimiento normal
step-everfrost-ice-queen-frozen-move = una de tus fichas heroicas hace un movimiento normal
step-everfrost-winter-whisperer-frozen-destroy = puedes destruir una de tus fichas básicas
step-everfrost-winter-whisperer-frozen-discard = puedes descartar tu estallido (opción 1)
step-everfrost-frozen-chest-freeze = puedes congelar una carta con efecto congelado de tu pila de descarte
step-everfrost-everfrost-sentinel-downgrade = puedes degradar al Centinela del Hielo Eterno: tus rivales tendrán entonces 1 acción menos en su próximo turno
step-everfrost-glacier-giant-move = el Gigante del Glaciar puede hacer un movimiento de combate en la dirección de su flecha
step-everfrost-polar-bear-combat-move = el Oso Polar puede hacer un movimiento de combate
step-everfrost-polar-bear-standard-move = el Oso Polar puede hacer un movimiento normal
step-everfrost-polar-bear-move-empty = el Oso Polar puede moverse a una casilla vacía
step-everfrost-war-sled-move = el Trineo de Guerra puede hacer un movimiento de combate
step-everfrost-frost-imp-slide = una ficha básica adyacente al Diablillo de Escarcha puede deslizarse en una dirección tan lejos como pueda
step-everfrost-ice-wyvern-leap = el Guiverno de Hielo puede hacer un salto de combate a cualquier casilla
step-everfrost-ice-wyvern-frozen-place = coloca una ficha básica adyacente a una de tus fichas heroicas
step-everfrost-deathbringer-destroy = puedes destruir una ficha adyacente al Portador de la Muerte; sale de la partida
step-everfrost-frostweave-illusionist-color = elige el color del rival: el Ilusionista Tejescarcha se transforma en una ficha básica de ese color
step-everfrost-frostweave-illusionist-frozen-convert = transforma una ficha básica enemiga en una ficha básica tuya

## flares

step-flares-place-common = coloca una ficha básica en una casilla vacía
step-flares-place-heroic = coloca una ficha heroica en una casilla vacía
step-flares-upgrade = mejora una de tus fichas básicas
step-flares-convert = transforma una ficha básica enemiga
step-flares-standard-moves = haz un movimiento normal con una de tus fichas básicas (hasta 3 movimientos)
step-flares-standard-move = haz un movimiento normal con una de tus fichas básicas
step-flares-combat-leap = haz un salto de combate con una de tus fichas básicas
step-flares-standard-and-combat-move = haz un movimiento normal y un movimiento de combate con tus fichas básicas, en cualquier orden
step-flares-combat-or-standard-moves = haz un movimiento de combate, o hasta 2 movimientos normales, con tus fichas no legendarias
step-flares-standard-leap = haz un salto normal con una de tus fichas básicas
step-flares-place-or-convert = coloca una ficha básica en una casilla vacía, o transforma una ficha básica enemiga
step-flares-move-or-upgrade = haz un movimiento normal con una de tus fichas básicas, o mejora una de tus fichas básicas
step-flares-place-or-upgrade = coloca una ficha básica en una casilla vacía, o mejora una de tus fichas básicas

## highland

step-highland-dire-wolf-move = haz un movimiento de combate con la criatura
step-highland-wolf-rider-move = haz un movimiento de combate con la criatura
step-highland-hungry-bear-move = haz un movimiento normal con la criatura
step-highland-werewolf-combat-move = haz un movimiento de combate con la criatura
step-highland-werewolf-standard-move = haz un movimiento normal con la criatura
step-highland-wild-eagle-leap = haz un salto de combate con la criatura
step-highland-eagle-lord-leap = haz un salto de combate con la criatura
step-highland-clan-axeman-destroy = destruye una ficha no legendaria adyacente en ortogonal al Hachero del Clan
step-highland-clan-healer-place = coloca una ficha básica adyacente a una casilla verde
step-highland-ritual-keeper-upgrade = mejora una de tus fichas básicas
step-highland-ritual-keeper-move = haz un movimiento de combate con una de tus fichas
step-highland-blood-shaman-destroy = destruye una ficha no legendaria
step-highland-war-drummer-move = haz un movimiento de combate, o el primero de 2 movimientos normales, con otra de tus fichas
step-highland-war-drummer-second-move = haz un segundo movimiento normal con otra de tus fichas
step-highland-warlord-move = haz un movimiento de combate con una de tus fichas
step-highland-ritual-master-destroy-heroic = destruye una ficha heroica
step-highland-ritual-master-destroy-common = destruye una ficha básica
step-highland-legend-slayer-destroy = destruye una ficha legendaria, o la primera de 2 fichas no legendarias, adyacente en diagonal
step-highland-legend-slayer-second-destroy = destruye una segunda ficha no legendaria adyacente en diagonal
step-highland-clan-guardian-upgrade = mejora una ficha básica en una casilla señalada

## imperial

step-imperial-swordmaster-destroy = destruye una ficha básica enemiga adyacente en diagonal a la Maestra de Espadas
step-imperial-messenger-move-on = sigue moviendo la ficha en la misma dirección, o detente
step-imperial-messenger-move = movimiento normal con una de tus fichas no legendarias (fija la ficha y la dirección)
step-imperial-herald-move = mueve una de tus fichas a una casilla vacía adyacente
step-imperial-chronicler-upgrade = mejora una de tus fichas básicas que no sea el Cronista
step-imperial-chronicler-move = movimiento normal con la ficha mejorada
step-imperial-assassin-move = mueve al Asesino a la casilla señalada vacía
step-imperial-summoner-place = coloca una ficha básica en una casilla señalada vacía
step-imperial-hypnotist-color = elige el color enemigo que hipnotizar (opción 1 rojo, 2 azul, 3 marrón, 4 verde)
step-imperial-hypnotist-move = movimiento de combate con una ficha enemiga hipnotizada
step-imperial-cannon-aim = elige la flecha por la que dispara el Cañón
step-imperial-champion-destroy = destruye una ficha enemiga adyacente al Campeón
step-imperial-infantry-captain-move = movimiento de combate con una de tus fichas que no sea el Capitán de Infantería
step-imperial-cavalry-captain-move-again = mueve otra vez la ficha elegida, o detente
step-imperial-cavalry-captain-move = mueve una de tus fichas que no sea el Capitán de Caballería (hace todos los movimientos)
step-imperial-gryphon-rider-leap = salto de combate con el Jinete de Grifo
step-imperial-gryphon-rider-dismount = desmontar: degrada al Jinete de Grifo y coloca una ficha básica junto a él (opción 1)
step-imperial-gryphon-rider-place = coloca una ficha básica junto al Jinete de Grifo
step-imperial-knight-move = mueve al Caballero (movimiento de combate, nunca sobre una ficha básica)
step-imperial-high-priestess-move = movimiento normal con la Suma Sacerdotisa
step-imperial-high-priestess-upgrade = mejora una ficha básica adyacente a la Suma Sacerdotisa
step-imperial-master-of-intrigue-move = movimiento normal con el Maestro de la Intriga, o movimiento de combate con una ficha usada para invocarlo
step-imperial-gun-tower-aim = elige la flecha por la que dispara la Torre de Artillería

## legends

step-legends-fire-dragon-aim = elige la flecha por la que escupe fuego el Dragón de Fuego
step-legends-hell-bull-charge = carga con el Toro Infernal (movimientos de combate en una dirección)
step-legends-angel-of-death-pick = elige una ficha que el Ángel de la Muerte mejora y sobre la que salta
step-legends-the-eldest-tree-square = elige una casilla adyacente al Árbol Primigenio
step-legends-bone-catapult-aim = elige una ficha en la línea de una flecha para que la golpee la Catapulta de Hueso
step-legends-fire-elemental-option = opción 1: quema las fichas enemigas no legendarias adyacentes; opción 2: quema las fichas básicas enemigas a distancia 2 o menos
step-legends-leviathan-option = opción 1: degrada hasta 3 fichas mejoradas conectadas; opción 2: destruye hasta 4 fichas básicas conectadas
step-legends-leviathan-downgrade = elige una ficha mejorada que degradar (conectada a las ya elegidas)
step-legends-leviathan-destroy = elige una ficha básica que destruir (conectada a las ya elegidas)
step-legends-two-headed-dragon-upgrade = elige una ficha en una casilla señalada para mejorarla
step-legends-two-headed-dragon-destroy = elige una ficha heroica adyacente a la ficha mejorada para destruirla
step-legends-earth-elemental-destroy = destruye una ficha no legendaria en una casilla roja o adyacente a ella
step-legends-earth-elemental-upgrade = mejora una ficha básica en una casilla verde o adyacente a ella
step-legends-earth-elemental-move = mueve al Elemental de Tierra a una casilla roja o verde adyacente
step-legends-storm-elemental-rank = coloca una ficha cerca del Elemental de Tormenta: opción 1 básica, 2 heroica, 3 legendaria
step-legends-storm-elemental-place = coloca la ficha en una casilla vacía a distancia 3 o menos
step-legends-storm-elemental-move = mueve la ficha colocada (movimientos de combate en una dirección)

## nethervoid

step-nethervoid-shadow-imp-move = el Diablillo de Sombra puede hacer un movimiento de combate
step-nethervoid-shadow-imp-gateway-move = el Portal puede hacer un movimiento de combate en la misma dirección
step-nethervoid-flame-imp-destroy = puedes destruir una ficha básica adyacente al Portal
step-nethervoid-gate-keeper-option = puedes elegir: opción 1, mejorar una de tus fichas básicas; opción 2, colocar una ficha básica en una casilla vacía; esa ficha pasa a ser el Portal
step-nethervoid-gate-keeper-upgrade = mejora una de tus fichas básicas; pasa a ser el Portal
step-nethervoid-gate-keeper-place = coloca una ficha básica en una casilla vacía; pasa a ser el Portal
step-nethervoid-demon-of-gluttony-move = el Demonio de la Gula puede hacer un movimiento de combate
step-nethervoid-demon-of-gluttony-second-move = el Demonio de la Gula puede hacer un segundo movimiento de combate
step-nethervoid-demon-of-pride-move = el Demonio de la Soberbia puede hacer un movimiento de combate
step-nethervoid-acolyte-of-destruction-destroy = destruye una ficha básica en cualquier lugar del tablero
step-nethervoid-acolyte-of-destruction-destroy-heroic = el Portal está en una casilla roja: puedes destruir una ficha heroica adyacente a esa casilla
step-nethervoid-acolyte-of-growth-place = coloca una ficha básica en cualquier casilla vacía
step-nethervoid-acolyte-of-growth-place-heroic = el Portal está en una casilla verde: coloca una ficha heroica adyacente a esa ficha básica
step-nethervoid-power-seeker-standard-move = el Buscador de Poder es el Portal: puede hacer un movimiento normal
step-nethervoid-power-seeker-combat-move = el Buscador de Poder puede hacer un movimiento de combate que lo acerque al Portal
step-nethervoid-hell-hound-destroy = puedes destruir una ficha adyacente al Sabueso Infernal
step-nethervoid-vortexmaster-gateway-move = el Portal puede hacer un movimiento de combate
step-nethervoid-vortexmaster-move = una de tus fichas adyacentes al Portal puede hacer un movimiento de combate
step-nethervoid-gate-master-gateway = elige una de tus fichas no legendarias para que sea el Portal
step-nethervoid-hell-rider-move = el Jinete Infernal puede hacer un movimiento de combate
step-nethervoid-demon-of-wrath-move = no hay ninguna ficha básica enemiga adyacente al Portal: puede hacer un movimiento normal
step-nethervoid-demon-of-greed-destroy-common = destruye una de tus fichas básicas (no el Portal); obtienes una acción
step-nethervoid-demon-of-greed-destroy-heroic = destruye una de tus fichas heroicas (no el Portal); obtienes una acción
step-nethervoid-demon-of-lust-move = una ficha puede hacer un movimiento de combate que la acerque al Portal (sin entrar en su casilla)
step-nethervoid-demon-of-envy-place = coloca una ficha básica adyacente al Portal
step-nethervoid-possessed-summoner-color = elige el color del rival de la ficha básica que se coloca
step-nethervoid-possessed-summoner-place = coloca la ficha básica del rival adyacente a una ficha de su color
step-nethervoid-possessed-summoner-discard = puedes descartar tu estallido para obtener una acción (opción 1)

## sylvan

step-sylvan-kiskin-farseeders-place = coloca una ficha básica adyacente a una de tus fichas
step-sylvan-charging-buck-leap = haz saltar al Ciervo a la Carga exactamente 2 casillas (salto de combate)
step-sylvan-forest-wardens-destroy-common = destruye una ficha básica de un rival con más fichas básicas que tú
step-sylvan-forest-wardens-destroy-heroic = destruye una ficha heroica de un rival con más fichas mejoradas que tú
step-sylvan-naiad-move = mueve una de tus fichas adyacente a la Náyade (movimiento normal)
step-sylvan-kiskin-spirit-card = pon una carta de tu pila de descarte encima de tu mazo
step-sylvan-dryad-convert = transforma una ficha enemiga no legendaria adyacente a la Dríade en una ficha básica tuya
step-sylvan-centaur-spearman-move = mueve al Lancero Centauro (movimiento de combate)
step-sylvan-centaur-chieftain-move = mueve al Jefe Centauro (movimiento de combate)
step-sylvan-centaur-chieftain-move-other = mueve otra de tus fichas un paso en la dirección del Jefe (movimiento de combate)
step-sylvan-unicorn-move-or-action = mueve al Unicornio (movimiento de combate), u opción 1: obtienes una acción
step-sylvan-sylvan-queen-convert = transforma una ficha enemiga no legendaria en una casilla señalada
step-sylvan-sylvan-princess-convert = transforma una ficha básica enemiga en una casilla señalada
step-sylvan-woodland-druid-upgrade-own = mejora una de tus fichas básicas
step-sylvan-woodland-druid-upgrade-enemy = mejora una de las fichas básicas del rival
step-sylvan-forest-ancient-color = elige el color enemigo de la ficha básica que se coloca
step-sylvan-forest-ancient-place = coloca una ficha básica enemiga a 2 casillas o menos del Anciano del Bosque
step-sylvan-forest-ancient-destroy = destruye una ficha básica de un color colocado a 3 casillas o menos del Anciano del Bosque
step-sylvan-kiskin-leafsplitter-aim = elige una flecha: destruye la primera ficha en esa dirección
step-sylvan-kiskin-boughrunner-move = mueve al Correrramas Kiskin junto a otra de tus fichas (movimiento de combate)
step-sylvan-tree-shepherd-pick = elige una de tus fichas
step-sylvan-tree-shepherd-move = mueve la ficha elegida

## frozen

step-frozen-keep = puedes quedarte con una carta congelada: opción 1 la nueva, opción 2 la que tienes (la otra se descarta)

## game

step-game-claim = reclama una misión cuyo requisito cumples, u omítelo
step-game-start-piece = pon una ficha inicial junto al siguiente símbolo de inicio
step-game-improvise = elige el color enemigo que gasta tu invocación improvisada (la otra ficha es la del Invocador de Guerra)
step-game-score-unpaired = gana 1 punto en el color de una de tus fichas básicas desaparejadas
step-game-score-legend = gana 1 punto en el color que elijas por la leyenda que has invocado
step-game-teammate-place = coloca fichas básicas con las acciones que le quedan a tu compañero
step-game-placing = coloca la ficha que has recogido
