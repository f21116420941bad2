# Tash-Kalar: nombres y textos de las cartas en español.
# Imperio (del Norte y del Sur), Tierras Altas, Silvanos, Hielo Eterno,
# las 12 leyendas y los 12 estallidos.
# Id de cada mensaje: el id de referencia de la carta con «.» cambiado por «-».
# Valor: el nombre. Atributos: .text = el efecto; .frozen = el efecto congelado.
# Terminología: ver GLOSSARY.md en esta misma carpeta.

## Imperio (del Norte y del Sur: las mismas 18 cartas)

imperial-swordmaster = Maestra de Espadas
    .text = Puedes destruir una ficha básica enemiga que esté en una casilla diagonalmente adyacente a la Maestra de Espadas. Si lo haces, mejora a la Maestra de Espadas.
imperial-messenger = Mensajero
    .text = Puedes elegir una de tus fichas no legendarias y una dirección: esa ficha hace tantos movimientos normales como quieras, todos en esa dirección.
imperial-herald = Heraldo
    .text = Haz hasta 2 movimientos con tus fichas, cada uno a una casilla vacía.
imperial-bomb = Bomba
    .text = Si aún te queda una acción, la Bomba se destruye junto con todas las fichas básicas adyacentes a ella. Si no, no ocurre nada.
imperial-chronicler = Cronista
    .text = Mejora una de tus fichas básicas que no sea el Cronista. Después, esa ficha puede hacer un movimiento normal.
imperial-assassin = Asesino
    .text = Destruye la ficha que haya en la casilla señalada, sea cual sea. Si estaba vacía, el Asesino puede moverse a ella.
imperial-time_mage = Mago del Tiempo
    .text = Obtienes una acción. Si hay una ficha enemiga en la casilla señalada, se destruye.
imperial-summoner = Invocadora
    .text = Puedes colocar hasta 2 de tus fichas básicas, cada una en una casilla señalada vacía.
imperial-hypnotist = Hipnotizador
    .text = Puedes elegir un color enemigo y hasta 3 de sus fichas básicas o hasta 2 de sus fichas heroicas: cada una hace un movimiento de combate.
imperial-cannon = Cañón
    .text = Se invoca sobre una ficha tuya. Puedes elegir una flecha: se destruyen todas las fichas básicas de esa línea hasta el borde del tablero.
imperial-champion = Campeón
    .text = Puedes destruir una ficha enemiga adyacente al Campeón. Si era legendaria, el Campeón también se destruye y obtienes una acción.
imperial-infantry_captain = Capitán de Infantería
    .text = Haz hasta 2 movimientos de combate con tus fichas que no sean el Capitán de Infantería.
imperial-cavalry_captain = Capitán de Caballería
    .text = Puedes elegir una de tus fichas que no sea el Capitán de Caballería: hace como máximo 1 movimiento de combate y como máximo 2 movimientos normales, en el orden que quieras.
imperial-gryphon_rider = Jinete de Grifo
    .text = La Jinete de Grifo puede hacer un salto de combate. Si lo hace, puedes degradarla y colocar una de tus fichas básicas en una casilla vacía adyacente a ella.
imperial-knight = Caballero
    .text = El Caballero puede hacer hasta 3 movimientos de combate, nunca sobre una ficha básica.
imperial-high_priestess = Suma Sacerdotisa
    .text = Se invoca sobre una ficha tuya. Puede hacer un movimiento normal; después, puedes mejorar una ficha básica adyacente a ella.
imperial-master_of_intrigue = Maestro de la Intriga
    .text = Haz hasta 3 movimientos, combinados como quieras: movimientos normales del Maestro de la Intriga y movimientos de combate de las fichas no legendarias con las que se invocó.
imperial-gun_tower = Torre de Artillería
    .text = Puedes elegir una flecha: se destruyen las dos primeras fichas de esa línea. Una ficha legendaria no se destruye y detiene el disparo.

## Tierras Altas

highland-wild_eagle = Águila Salvaje
    .text = El Águila Salvaje puede hacer un salto de combate a cualquier casilla del tablero.
highland-clan_axeman = Hachero del Clan
    .text = Puedes destruir una ficha no legendaria ortogonalmente adyacente al Hachero del Clan.
highland-clan_healer = Curandero del Clan
    .text = Puedes colocar hasta 2 fichas básicas, cada una en una casilla vacía adyacente a una casilla verde.
highland-dire_wolf = Lobo Terrible
    .text = El Lobo Terrible puede hacer hasta 2 movimientos de combate.
highland-ritual_keeper = Custodio del Ritual
    .text = Invocado en una casilla verde: mejora una de tus fichas básicas. Invocado en una casilla roja: una de tus fichas puede hacer un movimiento de combate. En otra casilla: nada.
highland-eagle_lord = Señor de las Águilas
    .text = El Señor de las Águilas puede hacer un salto de combate a cualquier casilla del tablero.
highland-wolf_rider = Jinete de Lobo
    .text = El Jinete de Lobo puede hacer hasta 2 movimientos de combate.
highland-blood_shaman = Chamán de Sangre
    .text = Destruye una ficha no legendaria en cualquier lugar del tablero. Si estaba en una casilla roja, destruye también todas las fichas básicas adyacentes a esa casilla.
highland-war_drummer = Tamborilero de Guerra
    .text = Se invoca sobre una ficha tuya. Elige: una de tus otras fichas hace un movimiento de combate, o tus otras fichas hacen hasta 2 movimientos normales.
highland-hill_giant = Gigante de las Colinas
    .text = Destruye todas las fichas no legendarias ortogonalmente adyacentes al Gigante de las Colinas.
highland-warlord = Caudillo
    .text = Tus fichas pueden hacer hasta 3 movimientos de combate en total; si son 3, al menos uno debe hacerlo el Caudillo.
highland-war_summoner = Invocador de Guerra
    .text = Obtienes una acción. La siguiente criatura que invoques en este turno puede usar en su patrón una ficha enemiga como si fuera tuya.
highland-ritual_master = Maestro del Ritual
    .text = Invocado en una casilla verde: obtienes 2 acciones. Invocado en una casilla roja: puedes destruir una ficha heroica y una ficha básica en cualquier lugar del tablero. En otra casilla: nada.
highland-legend_slayer = Matador de Leyendas
    .text = Entre las fichas diagonalmente adyacentes al Matador de Leyendas, puedes destruir o bien una ficha legendaria, o bien hasta 2 fichas no legendarias.
highland-mountain_troll = Trol de la Montaña
    .text = Destruye todas las fichas básicas enemigas adyacentes al Trol de la Montaña. Si son 2 o más, obtienes una acción.
highland-hungry_bear = Oso Hambriento
    .text = El Oso Hambriento puede hacer hasta 2 movimientos normales, pero se detiene tras moverse a una casilla vacía.
highland-werewolf = Hombre Lobo
    .text = Invocado en una casilla roja o verde que no sea e5: el Hombre Lobo puede hacer hasta 3 movimientos de combate. En otra casilla: puede hacer un movimiento normal.
highland-clan_guardian = Guardián del Clan
    .text = Puedes mejorar una ficha básica en una casilla señalada (una de las fichas con las que se invocó al Guardián del Clan).

## Silvanos

sylvan-sapling = Retoño
    .text = Mejora el Retoño en cuanto esté en el tablero.
sylvan-kiskin_farseeders = Sembradores Kiskin
    .text = Puedes colocar una de tus fichas básicas en una casilla vacía adyacente a cualquiera de tus fichas.
sylvan-charging_buck = Ciervo a la Carga
    .text = El Ciervo a la Carga puede hacer hasta 2 saltos de combate, cada uno a una casilla a distancia exactamente 2.
sylvan-forest_wardens = Guardas del Bosque
    .text = Si un rival tiene más fichas básicas que tú, destruye una ficha básica de ese rival. Después, si un rival tiene más fichas mejoradas que tú, destruye una ficha heroica de ese rival.
sylvan-naiad = Náyade
    .text = Hasta 2 de tus fichas adyacentes a la Náyade pueden hacer un movimiento normal cada una.
sylvan-kiskin_spirit = Espíritu Kiskin
    .text = Puedes poner una carta de tu pila de descarte encima de tu mazo. Si lo haces, o si esa pila está vacía, al final de este turno robas una criatura adicional.
sylvan-dryad = Dríade
    .text = Se invoca sobre una ficha tuya. Puedes transformar una ficha enemiga no legendaria adyacente a la Dríade en una ficha básica tuya.
sylvan-centaur_spearman = Lancero Centauro
    .text = El Lancero Centauro puede hacer un movimiento de combate. Si lo hace, destruye la siguiente ficha que haya más allá en esa misma dirección, salvo que sea legendaria.
sylvan-centaur_chieftain = Jefe Centauro
    .text = El Jefe Centauro puede hacer un movimiento de combate. Si lo hace, tus otras fichas pueden hacer hasta 3 movimientos de combate, cada uno de un paso en esa misma dirección.
sylvan-unicorn = Unicornio
    .text = O bien el Unicornio puede hacer un movimiento de combate, o bien obtienes una acción.
sylvan-sylvan_queen = Reina Silvana
    .text = Puedes transformar una ficha enemiga no legendaria que esté en una casilla señalada en una ficha tuya del mismo rango.
sylvan-sylvan_princess = Princesa Silvana
    .text = Puedes transformar una ficha básica enemiga que esté en una casilla señalada en una ficha básica tuya.
sylvan-woodland_druid = Druida Silvestre
    .text = Mejora una ficha básica de cada color de la partida, incluido el tuyo.
sylvan-forest_ancient = Anciano del Bosque
    .text = Coloca 2 fichas básicas enemigas en casillas vacías a distancia 2 o menos. Después, por cada ficha colocada, destruye una ficha básica de su color a distancia 3 o menos.
sylvan-forest_mystic = Místico del Bosque
    .text = Al final de este turno, robas una criatura adicional y una leyenda adicional.
sylvan-kiskin_leafsplitter = Cortahojas Kiskin
    .text = Hasta dos veces: elige una flecha y destruye la primera ficha en esa dirección.
sylvan-kiskin_boughrunner = Correrramas Kiskin
    .text = El Correrramas Kiskin puede hacer hasta 3 movimientos de combate, y cada uno debe terminar adyacente a otra de tus fichas.
sylvan-tree_shepherd = Pastor de Árboles
    .text = Elige una de tus fichas: si es básica, la mejoras; si es heroica, puede hacer un movimiento de combate; si es legendaria, puede hacer un movimiento normal.

## Hielo Eterno

everfrost-snow_fox = Zorro de las Nieves
    .text = El Zorro de las Nieves puede hacer hasta 2 movimientos normales.
everfrost-royal_reindeer = Reno Real
    .text = El Reno Real puede hacer un salto de combate a una casilla a distancia exactamente 2. Después, si ni la invocación ni el salto destruyeron ninguna ficha, mejora el Reno Real.
everfrost-crystal_mirror = Espejo de Cristal
    .text = Elige una ficha heroica o hasta 2 fichas básicas en casillas señaladas en amarillo. Por cada una, pon una ficha tuya de su mismo rango en su casilla simétrica respecto a la línea del Espejo, si esa casilla está vacía.
everfrost-crystal_grower = Cultivador de Cristales
    .text = Mejora una ficha básica de cada rival.
    .frozen = Mejora una de tus fichas básicas.
everfrost-ice_princess = Princesa de Hielo
    .text = Otra de tus fichas básicas puede hacer un movimiento de combate.
    .frozen = Una de tus fichas básicas hace un movimiento normal.
everfrost-ice_queen = Reina de Hielo
    .text = Se invoca sobre una ficha tuya. Otra de tus fichas heroicas puede hacer un movimiento de combate.
    .frozen = Una de tus fichas heroicas hace un movimiento normal.
everfrost-frostweave_summoner = Invocador Tejescarcha
    .text = Sin efecto al invocarlo.
    .frozen = Descongélalo justo antes de una invocación: una ficha enemiga del rango que pide una casilla del patrón puede ocupar allí el lugar de una de tus fichas.
everfrost-winter_whisperer = Susurrador Invernal
    .text = Sin efecto al invocarlo.
    .frozen = Puedes destruir una de tus fichas básicas y puedes descartar tu estallido. Si haces ambas cosas, obtienes una acción.
everfrost-frozen_chest = Cofre Helado
    .text = Se invoca sobre una ficha tuya. Puedes congelar una carta con efecto congelado de tu pila de descarte (solo puedes tener una carta congelada).
everfrost-everfrost_sentinel = Centinela del Hielo Eterno
    .text = Si la invocación destruyó una ficha enemiga, puedes degradar al Centinela; si lo haces, tus rivales tienen 1 acción menos en su próximo turno.
everfrost-glacier_giant = Gigante del Glaciar
    .text = El Gigante del Glaciar puede hacer cualquier número de movimientos de combate en la dirección de una flecha. Tras al menos uno, puede avanzar un paso más en esa dirección sobre una ficha legendaria: ambos se destruyen.
everfrost-polar_bear = Oso Polar
    .text = El Oso Polar puede hacer un movimiento de combate; si destruyó una ficha, un movimiento normal; si este destruyó una ficha, un movimiento a una casilla vacía.
everfrost-war_sled = Trineo de Guerra
    .text = El Trineo de Guerra puede hacer hasta 3 movimientos de combate: el primero en la dirección de una flecha; cada uno de los siguientes, en la misma dirección que el anterior o girado 45 grados.
everfrost-snow_monster = Monstruo de las Nieves
    .text = Se invoca sobre una ficha tuya. Destruye todas las fichas básicas enemigas a distancia 2 o menos del Monstruo de las Nieves que sean adyacentes a alguna de tus fichas.
everfrost-frost_imp = Diablillo de Escarcha
    .text = Una ficha básica adyacente al Diablillo de Escarcha puede deslizarse en una dirección: hace movimientos normales hasta que no pueda seguir.
everfrost-ice_wyvern = Guiverno de Hielo
    .text = El Guiverno de Hielo puede hacer un salto de combate a cualquier casilla. Si destruye una ficha, destruye también el Guiverno de Hielo.
    .frozen = Coloca una ficha básica en una casilla vacía adyacente a una de tus fichas heroicas.
everfrost-deathbringer = Portador de la Muerte
    .text = Puedes destruir una ficha adyacente al Portador de la Muerte: si es heroica, debe estar adyacente a otra de tus fichas; si es legendaria, a otras 3. Cuenta como 2 fichas destruidas y sale de la partida.
everfrost-frostweave_illusionist = Ilusionista Tejescarcha
    .text = Transforma al Ilusionista Tejescarcha en una ficha básica del color de un rival.
    .frozen = Transforma una ficha básica enemiga en una ficha básica tuya.

## Leyendas

legends-fire_dragon = Dragón de Fuego
    .text = Elige una flecha. Destruye todas las fichas no legendarias a 2 casillas o menos del Dragón en la dirección de esa flecha y en las dos líneas a 45 grados a cada lado de ella.
legends-hell_bull = Toro Infernal
    .text = Se invoca sobre una ficha tuya. El Toro puede hacer cualquier número de movimientos de combate, todos en una misma dirección; se detiene tras destruir una ficha legendaria.
legends-angel_of_death = Ángel de la Muerte
    .text = Se invoca sobre una ficha mejorada tuya. Puedes elegir otra ficha: mejórala y después el Ángel hace un salto de combate sobre ella.
legends-the_eldest_tree = El Árbol Primigenio
    .text = Elige hasta 3 casillas adyacentes, de una en una: destruye la ficha enemiga no legendaria que haya en ella, mejora tu ficha básica que haya en ella o, si está vacía, coloca en ella una ficha básica tuya.
legends-bone_catapult = Catapulta de Hueso
    .text = Puedes destruir una ficha cualquiera situada en la línea de una flecha y después todas las fichas básicas adyacentes a ella.
legends-fire_elemental = Elemental de Fuego
    .text = Elige: destruye todas las fichas enemigas no legendarias adyacentes al Elemental, o todas las fichas básicas enemigas a distancia 2 o menos.
legends-leviathan = Leviatán
    .text = Elige: degrada un grupo conectado de hasta 3 fichas mejoradas, o destruye un grupo conectado de hasta 4 fichas básicas.
legends-two_headed_dragon = Dragón Bicéfalo
    .text = Puedes mejorar una ficha en una casilla señalada. Si lo haces, puedes destruir una ficha heroica adyacente a ella.
legends-earth_elemental = Elemental de Tierra
    .text = Destruye una ficha no legendaria situada en una casilla roja o adyacente a una. Mejora una ficha básica situada en una casilla verde o adyacente a una. Después, el Elemental puede hacer un movimiento de combate a una casilla roja o verde adyacente.
legends-time_elemental = Elemental del Tiempo
    .text = Después de este turno juegas otro turno completo, aunque ya se haya desencadenado el final de la partida.
legends-storm_elemental = Elemental de Tormenta
    .text = Se invoca sobre una ficha tuya. Puedes colocar una ficha de cualquier rango a distancia 3 o menos; puede hacer movimientos de combate en una misma dirección (hasta 5 si es básica, 3 si es heroica, 1 si es legendaria) y después se destruye.
legends-titan = Titán
    .text = Destruye todas las fichas ortogonalmente adyacentes al Titán y todas las fichas no legendarias diagonalmente adyacentes. No cuentan como destruidas por ti.

## Estallidos (requisito superior: el rival tiene al menos N fichas mejoradas más;
## requisito inferior: el rival tiene al menos N fichas más)

flares-01 = Estallido 01
    .text = Superior (3 mejoradas más): coloca una ficha básica en una casilla vacía. Inferior (6 fichas más): coloca una ficha heroica en una casilla vacía.
flares-02 = Estallido 02
    .text = Superior (4 mejoradas más): coloca una ficha básica en una casilla vacía. Inferior (4 fichas más): coloca una ficha básica en una casilla vacía.
flares-03 = Estallido 03
    .text = Superior (3 mejoradas más): hasta 3 movimientos normales, cada uno con cualquiera de tus fichas básicas. Inferior (5 fichas más): obtienes una acción.
flares-04 = Estallido 04
    .text = Superior (4 mejoradas más): coloca una ficha básica en una casilla vacía. Inferior (5 fichas más): coloca una ficha básica en una casilla vacía o transforma una ficha básica enemiga.
flares-05 = Estallido 05
    .text = Superior (3 mejoradas más): una de tus fichas básicas hace un movimiento normal, o mejora una de tus fichas básicas. Inferior (6 fichas más): coloca dos fichas básicas en casillas vacías.
flares-06 = Estallido 06
    .text = Superior (4 mejoradas más): coloca una ficha básica en una casilla vacía o mejora una de tus fichas básicas. Inferior (4 fichas más): una de tus fichas básicas puede hacer un salto de combate.
flares-07 = Estallido 07
    .text = Superior (4 mejoradas más): coloca una ficha básica en una casilla vacía. Inferior (6 fichas más): mejora una de tus fichas básicas y obtienes una acción.
flares-08 = Estallido 08
    .text = Superior (4 mejoradas más): obtienes una acción. Inferior (5 fichas más): coloca una ficha básica en una casilla vacía.
flares-09 = Estallido 09
    .text = Superior (5 mejoradas más): coloca una ficha heroica en una casilla vacía. Inferior (4 fichas más): tus fichas básicas pueden hacer un movimiento normal y uno de combate, en cualquier orden (con la misma ficha o con dos distintas).
flares-10 = Estallido 10
    .text = Superior (5 mejoradas más): coloca dos fichas básicas en casillas vacías. Inferior (5 fichas más): coloca una ficha básica en una casilla vacía.
flares-11 = Estallido 11
    .text = Superior (3 mejoradas más): coloca una ficha básica en una casilla vacía. Inferior (4 fichas más): tus fichas no legendarias pueden hacer un movimiento de combate, o hasta dos movimientos normales.
flares-12 = Estallido 12
    .text = Superior (2 mejoradas más): una de tus fichas básicas puede hacer un salto normal. Inferior (5 fichas más): obtienes una acción.
