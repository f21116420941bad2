# Herní slova společná terminálovému klientu a stránce.
# Názvy polí (e5), texty voleb a id karet jsou notace: nepřekládají se.
# Hráči se jmenují podle barev (Červený, Modrý...), věty se vyhýbají pádům
# jmen karet (dvojtečkou), aby název karty zůstal v 1. pádě.

## Barvy jako jména jejich hráčů

color-red = Červený
color-blue = Modrý
color-brown = Hnědý
color-green = Zelený
color-white = Bílý
color-orange = Oranžový
color-purple = Fialový

## Školy a formy

school-northern = Severní říše
school-southern = Jižní říše
school-highland = Horské klany
school-sylvan = Lesní národ
school-everfrost = Věčný mráz
school-nethervoid = Podsvětí
school-etherweave = Éterotkaní
form-duel = Deathmatch souboj
form-high-form = Vznešená hra
form-first-game = Výuková hra
form-melee = Deathmatch bitka
form-team-duel = Týmový deathmatch souboj
form-team-high-form = Týmová vznešená hra

## Kameny a směry

rank = { $rank ->
    [common] běžný
    [heroic] hrdinský
   *[legendary] legendární
 }
# $c: barva (red, blue...), se kterou se shoduje přídavné jméno
piece = { $c ->
    [red] červený
    [blue] modrý
    [brown] hnědý
    [green] zelený
    [white] bílý
    [orange] oranžový
   *[purple] fialový
 } { $rank ->
    [common] běžný
    [heroic] hrdinský
   *[legendary] legendární
 } kámen
the-piece = kámen
dir = { $dir ->
    [n] sever
    [ne] severovýchod
    [e] východ
    [se] jihovýchod
    [s] jih
    [sw] jihozápad
    [w] západ
   *[nw] severozápad
 }
orientation = { $o ->
    [r0] jak je natištěna
    [r90] otočená doprava
    [r180] vzhůru nohama
    [r270] otočená doleva
    [m0] zrcadlově
    [m90] zrcadlově, otočená doprava
    [m180] zrcadlově, vzhůru nohama
   *[m270] zrcadlově, otočená doleva
 }
seat-number = místo { $seat }
seat-in-team = { $color } (místo { $seat })
team-name = tým { $color } (místa { $first } a { $second })
list-and = { $first } a { $last }
# místo a kdo na něm hraje: $color je jméno místa (jeho barva), $name jméno, které si člověk zvolil, $level úroveň nebo specifikace bota
seat-player = { $color } ({ $name })
seat-in-team-player = { $color } (místo { $seat }, { $name })
seat-bot = { $color } (bot, { $level ->
    [easy] snadný
    [medium] střední
    [hard] těžký
    [expert] expertní
   *[other] { $level }
 })
seat-in-team-bot = { $color } (místo { $seat }, bot, { $level ->
    [easy] snadný
    [medium] střední
    [hard] těžký
    [expert] expertní
   *[other] { $level }
 })

## Záznam hry

event-turn-started = Tah { $number }: { $who }
event-placed = Položen { $piece } na { $at }
event-picked-up = Zvednut { $piece } z { $at }
event-summoned = { $who } vyvolává: { $card } na { $at } ({ $orientation })
event-moved = { $how ->
    [leap] Skok
   *[move] Pohyb
 }: { $piece } z { $from } na { $to }
event-upgraded = Kámen na { $at } ({ $color }) povýšen na { $rank ->
    [common] běžný
    [heroic] hrdinský
   *[legendary] legendární
 }
event-downgraded = Kámen na { $at } ({ $color }) degradován na { $rank ->
    [common] běžný
    [heroic] hrdinský
   *[legendary] legendární
 }
event-converted = Proměněn { $from } na { $at }, nyní { $to }
event-destroyed = Zničen { $piece } na { $at }
event-scored = { $who } získává { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
 } { $why ->
    [destruction] za zničené kameny
    [legend] za vyvolanou legendu
    [flare] za kartu balance zahranou proti němu
    [causality] za { -pending-being(case: "acc") }, která nebyla vyvolána (trest kauzality)
   *[unpaired] za běžné kameny bez páru
 }
event-scored-in = { $who } získává { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
 } v barvě { $color } { $why ->
    [destruction] za zničené kameny
    [legend] za vyvolanou legendu
    [flare] za kartu balance zahranou proti němu
    [causality] za { -pending-being(case: "acc") }, která nebyla vyvolána (trest kauzality)
   *[unpaired] za běžné kameny bez páru
 }
event-discarded = { $who } odhazuje: { $card }
event-returned = { $who } vrací { $count ->
    [one] { $count } kartu
    [few] { $count } karty
   *[other] { $count } karet
 } pod balíček
event-flare-invoked = { $who } hraje proti hráči { $against }: { $card } ({ $parts ->
    [both] oba efekty
    [upper] horní efekt
    [lower] spodní efekt
   *[none] žádný efekt
 })
event-drew = { $who } si dobírá { $what }
drew-beings = { $n ->
    [one] { $n } bytost
    [few] { $n } bytosti
   *[other] { $n } bytostí
 }
drew-legends = { $n ->
    [one] { $n } legendu
    [few] { $n } legendy
   *[other] { $n } legend
 }
drew-flares = { $n ->
    [one] { $n } karta balance
    [few] { $n } karty balance
   *[other] { $n } karet balance
 }
event-task-revealed = Odkrytý úkol: { $task }
event-task-claimed = { $who } plní úkol: { $task } ({ $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
 })
event-passed-control = { $who } předává tah: { $to }
event-improvised = { $who } spotřebovává barvu { $color } na improvizované vyvolání
event-frozen = { $who } zmrazuje: { $card }
event-kept-frozen = { $who } si nechává zmrazenou kartu { $kept } a odhazuje { $discarded }
event-thawed = { $who } rozmrazuje: { $card }
event-gateway-gained = Kámen na { $at } ({ $who }) se stává { -gateway(case: "ins") }
event-gateway-lost = { -gateway } na { $at } ({ $who }) přestává být { -gateway(case: "ins") }
event-warped = { $who } hraje { -warp-effect(case: "acc") }: { $card } je teď { -pending-being }
event-pending-returned = { $who } bere { -pending-being(case: "acc") } zpět do ruky: { $card }
event-pending-discarded = { $who } odhazuje { -pending-being(case: "acc") }: { $card }
event-stored = { $who } zvedá { $piece } z pole { $at } a ukládá ho na kartu Obchodník s časem
event-landed = { $who }: { $piece } uložený na kartě Obchodník s časem skáče na { $at }
event-landed-nowhere = { $who }: { $piece } uložený na kartě Obchodník s časem nemá kam dopadnout a vrací se do zásoby
event-resigned = { $who } se vzdává
event-turn-ended = Konec tahu: { $who }
event-game-over = Hra skončila

## Volby

choice-draw = dobrat si kartu { $card }
choice-draw-task = odkrýt úkol { $task }
choice-start-pieces = tvůj počáteční kámen na { $at }, kámen začínajícího hráče na druhé počáteční pole
choice-start-piece = počáteční kámen ({ $color }) na { $at }
choice-place = položit běžný kámen na { $at }
choice-pickup = zvednout svůj kámen z { $at } a položit ho jinam
choice-summon = vyvolat: { $card } na { $at } ({ $orientation })
choice-taking-up = { $choice }, zvednout svůj kámen z { $at }
choice-destroying = { $choice }, zničit: { $piece }
choice-discard = odhodit: { $card }
choice-take = vzít si: { $card }
choice-return = vrátit pod balíček: { $card }
choice-done = hotovo
choice-flare = zahrát proti hráči { $color }: { $card }
choice-thaw = rozmrazit: { $card }
choice-warp = zahrát { -warp-effect(case: "acc") }: { $card }
choice-end = ukončit tah
choice-square = { $at }
choice-square-piece = { $at } ({ $piece })
choice-move = { $piece } z { $from } na { $to }
choice-skip = vynechat
choice-claim-none = nesplnit žádný úkol
choice-claim = splnit úkol { $task } ({ $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
 })
choice-pass = předat tah spoluhráči
choice-improvise = spotřebovat barvu { $color } na improvizované vyvolání
choice-point = 1 bod v barvě { $color }
option-number = možnost { $n }
option-color = { $color }
option-gryphon-dismount = sesednout: degraduj Gryfí jezdkyni a polož vedle ní běžný kámen
option-fire-adjacent = spálit sousední nelegendární nepřátelské kameny
option-fire-distance = spálit nepřátelské běžné kameny do vzdálenosti 2
option-leviathan-downgrade = degradovat až 3 spojené povýšené kameny
option-leviathan-destroy = zničit až 4 spojené běžné kameny
option-storm-common = běžný kámen
option-storm-heroic = hrdinský kámen
option-storm-legendary = legendární kámen
option-pending-discard = odhodit { -pending-being(case: "acc") }
option-pending-return = vzít { -pending-being(case: "acc") } zpět do ruky
option-possessed-discard-flare = odhodit svou kartu balance a získat akci
option-gate-keeper-upgrade = povýšit jeden svůj běžný kámen: stane se { -gateway(case: "ins") }
option-gate-keeper-place = položit běžný kámen na prázdné pole: stane se { -gateway(case: "ins") }

## Otázky

question-start-pieces = Polož počáteční kameny: zvol počáteční pole pro svůj kámen.
question-start-piece = Polož počáteční kámen vedle dalšího počátečního symbolu.
question-actions-used = Akce jsi vyčerpal: zahraj kartu balance, nebo ukonči tah.
question-action = Proveď akci ({ $n ->
    [one] zbývá { $n }
    [few] zbývají { $n }
   *[other] zbývá { $n }
 }): polož běžný kámen, vyvolej bytost{ $discard ->
    [yes] {" "}nebo ji odhoď
   *[no] {""}
 }; nebo zahraj kartu balance.
question-teammate-place = Polož běžné kameny za zbývající akce svého spoluhráče.
question-placing = Polož kámen, který jsi zvedl.
question-returning = Vrať karty z ruky pod jejich balíčky, nebo zvol „hotovo“.
question-effect = { $card }: { $step }.
question-effect-at = { $card } na { $at }: { $step }.
question-effect-text = { $card }: { $text }
question-effect-text-at = { $card } na { $at }: { $text }
question-improvise = Zvol nepřátelskou barvu, kterou improvizované vyvolání spotřebuje (druhý kámen patří Válečnému vyvolávači).
question-score-unpaired = Získej 1 bod v barvě jednoho ze svých běžných kamenů bez páru.
question-score-legend = Získej 1 bod v barvě podle své volby za legendu, kterou jsi vyvolal.
question-claim = Splň jeden úkol, jehož podmínku plníš, nebo vynechej.

## Konec hry

result-wins = Vítězí { $who }
result-team-wins = Vítězí { $team }
result-draw = Remíza: { $names }
result-place = { $place ->
    [2] druhý
    [3] třetí
   *[other] čtvrtý
 } { $names }
result-and-places = { $result }; { $places }
result-resigned = { $who } se vzdal: { $result }
result-time = Čas vypršel ({ $who }): { $result }
result-end-score = { $result }: bylo dosaženo cílového skóre
result-deck-out = { $result }: došel dobírací balíček
score-of = { $who } { $score }
result-with-score = { $result }. Skóre: { $scores } (cílové skóre { $target }).

## Odmítnutí (hra se nezmění)

error-empty-choice = nebyla zadána žádná volba
error-unknown-choice = „{ $text }“ není volba
error-bad-square = není pole: „{ $text }“
error-unknown-card = žádná karta nemá id „{ $text }“
error-unknown-task = žádný úkol nemá id „{ $text }“
error-bad-orientation = není natočení (r0 r90 r180 r270 m0 m90 m180 m270): „{ $text }“
error-bad-direction = není směr (n ne e se s sw w nw): „{ $text }“
error-bad-color = není písmeno barvy (r b n g w o p): „{ $text }“
error-bad-option = není číslo možnosti: „{ $text }“
error-arity = { $text }: špatný počet slov
error-resign-not-a-choice = vzdát se není volba: vzdej se zvlášť
error-game-over = hra skončila
error-illegal = { $choice } teď není přípustná volba
error-illegal-nearest = { $choice } teď není přípustná volba (nejbližší přípustné: { $nearest })
error-not-your-turn = teď nevybíráš ty
error-no-such-seat = u tohoto stolu není místo { $seat }
error-wrong-phase = { $choice } teď není přípustná volba: neodpovídá na to, o čem se rozhoduje
error-nothing-to-take-back = není co vzít zpět (ne přes konec tahu, dobírání karet či splněný úkol ani volbu jiného hráče)
error-cannot-resign = v této formě se nikdo nemůže vzdát

## Záznam hry, jeden řádek na položku: $who je jméno místa

log-choice = { $who }: { $choice }
log-chance = { $choice }
log-draw-hidden = { $who } si dobírá { $deck ->
    [legend] 1 legendu
    [flare] 1 kartu balance
   *[being] 1 bytost
 }
log-return-hidden = { $who } vrací kartu na spodek balíčku
log-flare = { $who } hraje proti hráči { $against }: { $card }
log-undo = { $who } bere volbu zpět
log-resign = { $who } se vzdává
log-timeout = { $who } vyčerpal čas
