# Kroky efektů (a vlastní otázky hry): co žádá každý krok, podle jeho
# stálého id (crates/rules/src/step.rs): zpráva `step-` a id s `.` a `_`
# nahrazenými `-`. Termíny: GLOSSARY.md.

## etherweave

step-etherweave-paradox-worm-swap = jeden tvůj nelegendární kámen si může vyměnit pole s nepřátelským kamenem stejné úrovně
step-etherweave-paradox-worm-warp-upgrade = povyš běžný kámen soupeře
step-etherweave-paradox-worm-warp-discard = můžeš odhodit svou { -pending-being(case: "acc") } (možnost 1)
step-etherweave-lesser-shadow-twin-pick = zvol jeden svůj kámen: až 2 běžné kameny vedle něj lze zničit
step-etherweave-lesser-shadow-twin-destroy = můžeš zničit běžný kámen vedle zvoleného kamene
step-etherweave-lesser-shadow-twin-warp-upgrade = povyš jeden svůj běžný kámen
step-etherweave-greater-shadow-twin-warp-upgrade = povyš jeden svůj běžný kámen
step-etherweave-translocationist-swap = jeden tvůj hrdinský kámen si může vyměnit pole s jedním tvým běžným kamenem
step-etherweave-antimatter-spirit-warp-place = propojený efekt: zvol prázdné bezbarvé pole a jak se tvůj nový kámen pohne
step-etherweave-antimatter-spirit-warp-opponent = zvol soupeře, jehož běžný kámen se pohne opačným směrem
step-etherweave-merchant-of-time-leap = kámen uložený na Obchodníkovi s časem provede standardní skok na bezbarvé pole
step-etherweave-merchant-of-time-warp-lift = zvedni kámen z bezbarvého pole a ulož ho na Obchodníka s časem
step-etherweave-gate-of-oblivion-destroy = můžeš zničit nelegendární kámen na červeném poli
step-etherweave-time-traveler-destroy = můžeš zničit běžný kámen vedle Cestovatele časem (pak vrchní karta tvého odhazovacího balíčku jde na tvůj dobírací balíček)
step-etherweave-greater-shadow-twin-destroy = můžeš zničit hrdinský kámen vedle alespoň 2 tvých kamenů
step-etherweave-warpmaster-return-or-move = můžeš vzít svou { -pending-being(case: "acc") } zpět do ruky (možnost 1), nebo Pán zkřivení může provést standardní pohyb
step-etherweave-dark-sphere-move = nelegendární kámen může provést bojový pohyb, který skončí 2 pole od Temné sféry
step-etherweave-void-summoner-warp-move = jeden tvůj nelegendární kámen provede standardní pohyb
step-etherweave-eternal-emperor-carry-out = můžeš provést { -warp-effect(case: "acc") }: polož běžný kámen, nebo se pohne jeden tvůj kámen
step-etherweave-eternal-emperor-warp-place-or-move = polož běžný kámen na prázdné pole, nebo se pohne jeden tvůj kámen
step-etherweave-reality-patch-destroy = můžeš zničit hrdinský kámen tohoto soupeře
step-etherweave-reality-patch-discard-pending = můžeš odhodit svou { -pending-being(case: "acc") } (možnost 1)
step-etherweave-reality-patch-discard-card = můžeš odhodit kartu z ruky
step-etherweave-polarity-queen-move = propojený efekt: jeden tvůj kámen provede bojový pohyb (jiný se pak pohne opačným směrem)
step-etherweave-polarity-queen-move-opposite = jiný tvůj kámen provede bojový pohyb opačným směrem
step-etherweave-polarity-queen-warp-place = polož běžný kámen na prázdné pole vedle nepřátelského kamene
step-etherweave-singularity-square = zvol prázdné bezbarvé pole: běžné kameny vedle něj se na něj přesunou
step-etherweave-singularity-next = zvol další běžný kámen, který se přesune na to pole
step-etherweave-ziggurat-sentinel-copy-or-move = zkopíruj { -warp-effect(case: "acc") } karty ze svého odhazovacího balíčku, nebo Strážný zikkuratu může provést bojový pohyb ve směru své šipky
step-etherweave-ziggurat-sentinel-move-again = Strážný zikkuratu může provést další bojový pohyb ve směru své šipky
step-etherweave-ziggurat-sentinel-warp-move = jeden tvůj nelegendární kámen provede bojový pohyb, nebo první ze 2 standardních pohybů
step-etherweave-ziggurat-sentinel-warp-second-move = kámen může provést druhý standardní pohyb
step-etherweave-iris-of-eternity-destroy-or-upgrade = můžeš zničit legendární kámen vedle Duhovky, nebo povýšit Duhovku (zvol její pole)

## everfrost

step-everfrost-snow-fox-move = Sněžná liška může provést standardní pohyb
step-everfrost-royal-reindeer-leap = Královský sob může provést bojový skok na pole ve vzdálenosti přesně 2
step-everfrost-crystal-mirror-pick = zvol hrdinský kámen nebo běžný kámen na žlutém poli, který se zrcadlí
step-everfrost-crystal-grower-upgrade = povyš běžný kámen tohoto soupeře
step-everfrost-crystal-grower-frozen-upgrade = povyš jeden svůj běžný kámen
step-everfrost-ice-princess-move = jiný tvůj běžný kámen může provést bojový pohyb
step-everfrost-ice-queen-move = jiný tvůj hrdinský kámen může provést bojový pohyb
step-everfrost-ice-princess-frozen-move = jeden tvůj běžný kámen provede standardní pohyb
step-everfrost-ice-queen-frozen-move = jeden tvůj hrdinský kámen provede standardní pohyb
step-everfrost-winter-whisperer-frozen-destroy = můžeš zničit jeden svůj běžný kámen
step-everfrost-winter-whisperer-frozen-discard = můžeš odhodit svou kartu balance (možnost 1)
step-everfrost-frozen-chest-freeze = můžeš zmrazit kartu se zmrazeným efektem ze svého odhazovacího balíčku
step-everfrost-everfrost-sentinel-downgrade = můžeš degradovat Strážného Věčného mrazu: soupeři pak mají v příštím tahu o 1 akci méně
step-everfrost-glacier-giant-move = Ledovcový obr může provést bojový pohyb ve směru své šipky
step-everfrost-polar-bear-combat-move = Lední medvěd může provést bojový pohyb
step-everfrost-polar-bear-standard-move = Lední medvěd může provést standardní pohyb
step-everfrost-polar-bear-move-empty = Lední medvěd může táhnout na prázdné pole
step-everfrost-war-sled-move = Válečné sáně mohou provést bojový pohyb
step-everfrost-frost-imp-slide = běžný kámen vedle Mrazivého skřítka může klouzat jedním směrem, kam až to jde
step-everfrost-ice-wyvern-leap = Ledová wyverna může provést bojový skok kamkoli
step-everfrost-ice-wyvern-frozen-place = polož běžný kámen vedle jednoho svého hrdinského kamene
step-everfrost-deathbringer-destroy = můžeš zničit kámen vedle Nositele smrti; odchází ze hry
step-everfrost-frostweave-illusionist-color = Mrazivý iluzionista: zvol soupeřovu barvu, do které se promění
step-everfrost-frostweave-illusionist-frozen-convert = proměň nepřátelský běžný kámen na svůj běžný kámen

## flares

step-flares-place-common = polož běžný kámen na prázdné pole
step-flares-place-heroic = polož hrdinský kámen na prázdné pole
step-flares-upgrade = povyš jeden svůj běžný kámen
step-flares-convert = proměň nepřátelský běžný kámen
step-flares-standard-moves = proveď standardní pohyb jedním svým běžným kamenem (až 3 pohyby)
step-flares-standard-move = proveď standardní pohyb jedním svým běžným kamenem
step-flares-combat-leap = proveď bojový skok jedním svým běžným kamenem
step-flares-standard-and-combat-move = proveď standardní pohyb a bojový pohyb svými běžnými kameny, v libovolném pořadí
step-flares-combat-or-standard-moves = proveď bojový pohyb, nebo až 2 standardní pohyby, svými nelegendárními kameny
step-flares-standard-leap = proveď standardní skok jedním svým běžným kamenem
step-flares-place-or-convert = polož běžný kámen na prázdné pole, nebo proměň nepřátelský běžný kámen
step-flares-move-or-upgrade = proveď standardní pohyb jedním svým běžným kamenem, nebo povyš jeden svůj běžný kámen
step-flares-place-or-upgrade = polož běžný kámen na prázdné pole, nebo povyš jeden svůj běžný kámen

## highland

step-highland-dire-wolf-move = proveď bojový pohyb bytostí
step-highland-wolf-rider-move = proveď bojový pohyb bytostí
step-highland-hungry-bear-move = proveď standardní pohyb bytostí
step-highland-werewolf-combat-move = proveď bojový pohyb bytostí
step-highland-werewolf-standard-move = proveď standardní pohyb bytostí
step-highland-wild-eagle-leap = proveď bojový skok bytostí
step-highland-eagle-lord-leap = proveď bojový skok bytostí
step-highland-clan-axeman-destroy = znič nelegendární kámen ortogonálně sousedící s Klanovým sekerníkem
step-highland-clan-healer-place = polož běžný kámen vedle zeleného pole
step-highland-ritual-keeper-upgrade = povyš jeden svůj běžný kámen
step-highland-ritual-keeper-move = proveď bojový pohyb jedním svým kamenem
step-highland-blood-shaman-destroy = znič nelegendární kámen
step-highland-war-drummer-move = proveď bojový pohyb, nebo první ze 2 standardních pohybů, jiným svým kamenem
step-highland-war-drummer-second-move = proveď druhý standardní pohyb jiným svým kamenem
step-highland-warlord-move = proveď bojový pohyb jedním svým kamenem
step-highland-ritual-master-destroy-heroic = znič hrdinský kámen
step-highland-ritual-master-destroy-common = znič běžný kámen
step-highland-legend-slayer-destroy = znič diagonálně sousedící legendární kámen, nebo první ze 2 nelegendárních kamenů
step-highland-legend-slayer-second-destroy = znič druhý diagonálně sousedící nelegendární kámen
step-highland-clan-guardian-upgrade = povyš běžný kámen na označeném poli

## imperial

step-imperial-swordmaster-destroy = znič nepřátelský běžný kámen diagonálně vedle Šermířky
step-imperial-messenger-move-on = táhni kamenem dál stejným směrem, nebo skonči
step-imperial-messenger-move = standardní pohyb jedním svým nelegendárním kamenem (určí kámen i směr)
step-imperial-herald-move = posuň jeden svůj kámen na sousední prázdné pole
step-imperial-chronicler-upgrade = povyš jeden svůj běžný kámen kromě Kronikáře
step-imperial-chronicler-move = standardní pohyb povýšeným kamenem
step-imperial-assassin-move = Asasín: tah na prázdné označené pole
step-imperial-summoner-place = polož běžný kámen na prázdné označené pole
step-imperial-hypnotist-color = zvol nepřátelskou barvu, kterou zhypnotizuješ (možnost 1 červená, 2 modrá, 3 hnědá, 4 zelená)
step-imperial-hypnotist-move = bojový pohyb zhypnotizovaným nepřátelským kamenem
step-imperial-cannon-aim = Kanon: zvol šipku, podél které vystřelí
step-imperial-champion-destroy = znič nepřátelský kámen vedle Šampiona
step-imperial-infantry-captain-move = bojový pohyb jedním svým kamenem kromě Velitele pěchoty
step-imperial-cavalry-captain-move-again = táhni zvoleným kamenem znovu, nebo skonči
step-imperial-cavalry-captain-move = táhni jedním svým kamenem kromě Velitele jízdy (provede všechny pohyby)
step-imperial-gryphon-rider-leap = Gryfí jezdkyně: bojový skok
step-imperial-gryphon-rider-dismount = sesednout: degraduj Gryfí jezdkyni a polož vedle ní běžný kámen (možnost 1)
step-imperial-gryphon-rider-place = polož běžný kámen vedle Gryfí jezdkyně
step-imperial-knight-move = Rytíř: tah (bojový pohyb, ne na běžný kámen)
step-imperial-high-priestess-move = Velekněžka: standardní pohyb
step-imperial-high-priestess-upgrade = povyš běžný kámen vedle Velekněžky
step-imperial-master-of-intrigue-move = standardní pohyb Mistrem intrik, nebo bojový pohyb kamenem použitým k jeho vyvolání
step-imperial-gun-tower-aim = Dělová věž: zvol šipku, podél které vystřelí

## legends

step-legends-fire-dragon-aim = Ohnivý drak: vyber šipku, podél které chrlí oheň
step-legends-hell-bull-charge = Pekelný býk: útok (bojové pohyby jedním směrem)
step-legends-angel-of-death-pick = Anděl smrti: vyber kámen, který povýší a na který skočí
step-legends-the-eldest-tree-square = vyber pole sousedící s Nejstarším stromem
step-legends-bone-catapult-aim = Kostěný katapult: vyber kámen na přímce podél šipky, který zasáhne
step-legends-fire-elemental-option = možnost 1: spal sousední nelegendární nepřátelské kameny; možnost 2: spal nepřátelské běžné kameny do vzdálenosti 2
step-legends-leviathan-option = možnost 1: degraduj až 3 spojené povýšené kameny; možnost 2: znič až 4 spojené běžné kameny
step-legends-leviathan-downgrade = vyber povýšený kámen k degradování (spojený s již vybranými)
step-legends-leviathan-destroy = vyber běžný kámen ke zničení (spojený s již vybranými)
step-legends-two-headed-dragon-upgrade = vyber kámen na označeném poli k povýšení
step-legends-two-headed-dragon-destroy = vyber hrdinský kámen sousedící s povýšeným kamenem ke zničení
step-legends-earth-elemental-destroy = znič nelegendární kámen na červeném poli nebo vedle něj
step-legends-earth-elemental-upgrade = povyš běžný kámen na zeleném poli nebo vedle něj
step-legends-earth-elemental-move = Zemský elementál: tah na sousední červené nebo zelené pole
step-legends-storm-elemental-rank = polož kámen poblíž Bouřného elementálu: možnost 1 běžný, 2 hrdinský, 3 legendární
step-legends-storm-elemental-place = polož kámen na prázdné pole do vzdálenosti 3
step-legends-storm-elemental-move = táhni položeným kamenem (bojové pohyby jedním směrem)

## nethervoid

step-nethervoid-shadow-imp-move = Stínový skřítek může provést bojový pohyb
step-nethervoid-shadow-imp-gateway-move = { -gateway } může provést bojový pohyb v tomtéž směru
step-nethervoid-flame-imp-destroy = můžeš zničit běžný kámen vedle { -gateway(case: "gen") }
step-nethervoid-gate-keeper-option = můžeš zvolit: možnost 1 povýšit jeden svůj běžný kámen, možnost 2 položit běžný kámen na prázdné pole; ten kámen se stane { -gateway(case: "ins") }
step-nethervoid-gate-keeper-upgrade = povyš jeden svůj běžný kámen; stane se { -gateway(case: "ins") }
step-nethervoid-gate-keeper-place = polož běžný kámen na prázdné pole; stane se { -gateway(case: "ins") }
step-nethervoid-demon-of-gluttony-move = Démon obžerství může provést bojový pohyb
step-nethervoid-demon-of-gluttony-second-move = Démon obžerství může provést druhý bojový pohyb
step-nethervoid-demon-of-pride-move = Démon pýchy může provést bojový pohyb
step-nethervoid-acolyte-of-destruction-destroy = znič běžný kámen kdekoli na plánu
step-nethervoid-acolyte-of-destruction-destroy-heroic = { -gateway } je na červeném poli: můžeš zničit hrdinský kámen vedle toho pole
step-nethervoid-acolyte-of-growth-place = polož běžný kámen na libovolné prázdné pole
step-nethervoid-acolyte-of-growth-place-heroic = { -gateway } je na zeleném poli: polož hrdinský kámen vedle toho běžného kamene
step-nethervoid-power-seeker-standard-move = Hledač moci je { -gateway(case: "ins") }: může provést standardní pohyb
step-nethervoid-power-seeker-combat-move = Hledač moci může provést bojový pohyb blíž k { -gateway(case: "dat") }
step-nethervoid-hell-hound-destroy = můžeš zničit kámen vedle Pekelného psa
step-nethervoid-vortexmaster-gateway-move = { -gateway } může provést bojový pohyb
step-nethervoid-vortexmaster-move = jeden tvůj kámen vedle { -gateway(case: "gen") } může provést bojový pohyb
step-nethervoid-gate-master-gateway = zvol jeden svůj nelegendární kámen, který bude { -gateway(case: "ins") }
step-nethervoid-hell-rider-move = Pekelný jezdec může provést bojový pohyb
step-nethervoid-demon-of-wrath-move = vedle { -gateway(case: "gen") } není žádný nepřátelský běžný kámen: může provést standardní pohyb
step-nethervoid-demon-of-greed-destroy-common = znič jeden svůj běžný kámen (ne { -gateway(case: "acc") }); získej akci
step-nethervoid-demon-of-greed-destroy-heroic = znič jeden svůj hrdinský kámen (ne { -gateway(case: "acc") }); získej akci
step-nethervoid-demon-of-lust-move = kámen může provést bojový pohyb blíž k { -gateway(case: "dat") } (ne na ni)
step-nethervoid-demon-of-envy-place = polož běžný kámen vedle { -gateway(case: "gen") }
step-nethervoid-possessed-summoner-color = zvol soupeřovu barvu běžného kamene, který se položí
step-nethervoid-possessed-summoner-place = polož soupeřův běžný kámen vedle kamene jeho barvy
step-nethervoid-possessed-summoner-discard = můžeš odhodit svou kartu balance a získat akci (možnost 1)

## sylvan

step-sylvan-kiskin-farseeders-place = polož běžný kámen vedle jednoho svého kamene
step-sylvan-charging-buck-leap = Útočící jelen: skok přesně o 2 pole (bojový skok)
step-sylvan-forest-wardens-destroy-common = znič běžný kámen soupeře, který má víc běžných kamenů než ty
step-sylvan-forest-wardens-destroy-heroic = znič hrdinský kámen soupeře, který má víc povýšených kamenů než ty
step-sylvan-naiad-move = posuň jeden svůj kámen vedle Najády (standardní pohyb)
step-sylvan-kiskin-spirit-card = dej kartu ze svého odhazovacího balíčku navrch svého dobíracího balíčku
step-sylvan-dryad-convert = proměň nelegendární nepřátelský kámen vedle Dryády na svůj běžný kámen
step-sylvan-centaur-spearman-move = Kentaur kopiník: tah (bojový pohyb)
step-sylvan-centaur-chieftain-move = Kentauří náčelník: tah (bojový pohyb)
step-sylvan-centaur-chieftain-move-other = posuň jiný svůj kámen o krok ve směru náčelníka (bojový pohyb)
step-sylvan-unicorn-move-or-action = Jednorožec: tah (bojový pohyb), nebo možnost 1: získej akci
step-sylvan-sylvan-queen-convert = proměň nelegendární nepřátelský kámen na označeném poli
step-sylvan-sylvan-princess-convert = proměň nepřátelský běžný kámen na označeném poli
step-sylvan-woodland-druid-upgrade-own = povyš jeden svůj běžný kámen
step-sylvan-woodland-druid-upgrade-enemy = povyš jeden soupeřův běžný kámen
step-sylvan-forest-ancient-color = zvol nepřátelskou barvu běžného kamene, který se položí
step-sylvan-forest-ancient-place = polož nepřátelský běžný kámen do vzdálenosti 2 od Stařešiny lesa
step-sylvan-forest-ancient-destroy = znič běžný kámen položené barvy do vzdálenosti 3 od Stařešiny lesa
step-sylvan-kiskin-leafsplitter-aim = zvol šipku: znič první kámen v jejím směru
step-sylvan-kiskin-boughrunner-move = Kiskinský větvoběžec: tah vedle jiného tvého kamene (bojový pohyb)
step-sylvan-tree-shepherd-pick = zvol jeden svůj kámen
step-sylvan-tree-shepherd-move = táhni zvoleným kamenem

## frozen

step-frozen-keep = můžeš si nechat jednu zmrazenou kartu: možnost 1 novou, možnost 2 tu, kterou máš (druhá se odhodí)

## game

step-game-claim = splň jeden úkol, jehož podmínku plníš, nebo vynechej
step-game-start-piece = polož počáteční kámen vedle dalšího počátečního symbolu
step-game-improvise = zvol nepřátelskou barvu, kterou improvizované vyvolání spotřebuje (druhý kámen patří Válečnému vyvolávači)
step-game-score-unpaired = získej 1 bod v barvě jednoho ze svých běžných kamenů bez páru
step-game-score-legend = získej 1 bod v barvě podle své volby za legendu, kterou jsi vyvolal
step-game-teammate-place = polož běžné kameny za zbývající akce svého spoluhráče
step-game-placing = polož kámen, který jsi zvedl
