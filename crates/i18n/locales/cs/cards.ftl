### Karty základní hry v češtině: bytosti škol (Severní a Jižní říše mají
### společný balíček „imperial“), Horské klany, Lesní národ, Věčný mráz,
### 12 legend a 12 karet balance.
###
### Id zprávy = referenční id karty, v němž je „.“ nahrazena „-“.
### Hodnota = název karty; .text = efekt; .frozen = zmrazený efekt
### (Věčný mráz). Jednotné herní termíny: viz GLOSSARY.md v této složce.

## Severní a Jižní říše

imperial-swordmaster = Šermířka
    .text = Můžeš zničit jeden nepřátelský běžný kámen na poli diagonálně sousedícím se Šermířkou. Pokud to uděláš, povyš ji.
imperial-messenger = Posel
    .text = Můžeš zvolit jeden svůj nelegendární kámen a směr: tento kámen provede libovolný počet standardních pohybů, všechny v tomto směru.
imperial-herald = Herold
    .text = Proveď až 2 pohyby svými kameny, každý na prázdné pole.
imperial-bomb = Bomba
    .text = Pokud ti ještě zbývá akce, znič Bombu i všechny běžné kameny, které s ní sousedí. Jinak se nestane nic.
imperial-chronicler = Kronikář
    .text = Povyš jeden svůj běžný kámen kromě Kronikáře. Tento kámen pak může provést standardní pohyb.
imperial-assassin = Asasín
    .text = Znič kámen stojící na označeném poli, ať je jakýkoli. Pokud bylo pole prázdné, Asasín se na ně může přesunout.
imperial-time_mage = Mág času
    .text = Získej akci. Nepřátelský kámen na označeném poli znič.
imperial-summoner = Vyvolávačka
    .text = Můžeš položit až 2 své běžné kameny, každý na prázdné označené pole.
imperial-hypnotist = Hypnotizér
    .text = Můžeš zvolit jednu nepřátelskou barvu a buď až 3 její běžné kameny, nebo až 2 její hrdinské kameny: každý z nich provede jeden bojový pohyb.
imperial-cannon = Kanon
    .text = Vyvolává se na vlastní kámen. Můžeš zvolit šipku: všechny běžné kameny na této přímce až k okraji plánu znič.
imperial-champion = Šampion
    .text = Můžeš zničit jeden nepřátelský kámen sousedící se Šampionem. Pokud byl legendární, znič i Šampiona a získej akci.
imperial-infantry_captain = Velitel pěchoty
    .text = Proveď až 2 bojové pohyby svými kameny kromě Velitele pěchoty.
imperial-cavalry_captain = Velitel jízdy
    .text = Můžeš zvolit jeden svůj kámen kromě Velitele jízdy: provede nejvýše 1 bojový pohyb a nejvýše 2 standardní pohyby, v libovolném pořadí.
imperial-gryphon_rider = Gryfí jezdkyně
    .text = Gryfí jezdkyně může provést bojový skok. Pokud ho provede, můžeš ji degradovat a položit jeden svůj běžný kámen na prázdné pole, které s ní sousedí.
imperial-knight = Rytíř
    .text = Rytíř může provést až 3 bojové pohyby, nikdy ne na běžný kámen.
imperial-high_priestess = Velekněžka
    .text = Vyvolává se na vlastní kámen. Velekněžka může provést standardní pohyb; poté můžeš povýšit jeden běžný kámen, který s ní sousedí.
imperial-master_of_intrigue = Mistr intrik
    .text = Proveď až 3 pohyby v libovolném pořadí a poměru: standardní pohyby Mistrem intrik a bojové pohyby nelegendárními kameny, kterými byl vyvolán.
imperial-gun_tower = Dělová věž
    .text = Můžeš zvolit šipku: první dva kameny na této přímce znič. Legendární kámen zničen není a střelu zastaví.

## Horské klany

highland-wild_eagle = Divoký orel
    .text = Divoký orel může provést jeden bojový skok na kterékoli pole plánu.
highland-clan_axeman = Klanový sekerník
    .text = Můžeš zničit jeden nelegendární kámen ortogonálně sousedící s Klanovým sekerníkem.
highland-clan_healer = Klanový léčitel
    .text = Můžeš položit až 2 své běžné kameny, každý na prázdné pole sousedící se zeleným polem.
highland-dire_wolf = Obří vlk
    .text = Obří vlk může provést až 2 bojové pohyby.
highland-ritual_keeper = Strážce rituálů
    .text = Vyvolán na zeleném poli: povyš jeden svůj běžný kámen. Vyvolán na červeném poli: jeden tvůj kámen může provést bojový pohyb. Jinde: nic.
highland-eagle_lord = Pán orlů
    .text = Pán orlů může provést jeden bojový skok na kterékoli pole plánu.
highland-wolf_rider = Vlčí jezdec
    .text = Vlčí jezdec může provést až 2 bojové pohyby.
highland-blood_shaman = Krvavý šaman
    .text = Znič jeden nelegendární kámen kdekoli na plánu. Pokud stál na červeném poli, znič také všechny běžné kameny sousedící s tímto polem.
highland-war_drummer = Válečný bubeník
    .text = Vyvolává se na vlastní kámen. Buď jeden tvůj další kámen provede bojový pohyb, nebo tvé ostatní kameny provedou až 2 standardní pohyby.
highland-hill_giant = Horský obr
    .text = Znič všechny nelegendární kameny ortogonálně sousedící s Horským obrem.
highland-warlord = Vojevůdce
    .text = Tvé kameny mohou provést celkem až 3 bojové pohyby; pokud jsou to 3, alespoň jeden z nich provede Vojevůdce.
highland-war_summoner = Válečný vyvolávač
    .text = Získej akci. Příští bytost, kterou v tomto tahu vyvoláš, smí ve svém vzoru použít jeden nepřátelský kámen, jako by byl tvůj.
highland-ritual_master = Mistr rituálů
    .text = Vyvolán na zeleném poli: získej 2 akce. Vyvolán na červeném poli: můžeš zničit jeden hrdinský a jeden běžný kámen kdekoli na plánu. Jinde: nic.
highland-legend_slayer = Přemožitel legend
    .text = Z kamenů diagonálně sousedících s Přemožitelem legend můžeš zničit buď jeden legendární kámen, nebo až 2 nelegendární kameny.
highland-mountain_troll = Skalní troll
    .text = Znič všechny nepřátelské běžné kameny sousedící se Skalním trollem. Pokud jsou to alespoň 2, získej akci.
highland-hungry_bear = Hladový medvěd
    .text = Hladový medvěd může provést až 2 standardní pohyby, ale po pohybu na prázdné pole se zastaví.
highland-werewolf = Vlkodlak
    .text = Vyvolán na červeném nebo zeleném poli jiném než e5: Vlkodlak může provést až 3 bojové pohyby. Jinde: může provést jeden standardní pohyb.
highland-clan_guardian = Klanový strážce
    .text = Můžeš povýšit jeden běžný kámen na označeném poli (jeden z kamenů, kterými byl Klanový strážce vyvolán).

## Lesní národ

sylvan-sapling = Stromek
    .text = Povyš Stromek, jakmile je na plánu.
sylvan-kiskin_farseeders = Kiskinští rozsévači
    .text = Můžeš položit jeden svůj běžný kámen na prázdné pole sousedící s kterýmkoli tvým kamenem.
sylvan-charging_buck = Útočící jelen
    .text = Útočící jelen může provést až 2 bojové skoky, každý na pole ve vzdálenosti přesně 2.
sylvan-forest_wardens = Lesní strážci
    .text = Pokud má některý soupeř víc běžných kamenů než ty, znič jeden z jeho běžných kamenů. Poté, pokud má některý soupeř víc povýšených kamenů než ty, znič jeden z jeho hrdinských kamenů.
sylvan-naiad = Najáda
    .text = Až 2 tvé kameny sousedící s Najádou mohou provést každý jeden standardní pohyb.
sylvan-kiskin_spirit = Kiskinský duch
    .text = Můžeš dát jednu kartu ze svého odhazovacího balíčku navrch svého dobíracího balíčku. Pokud to uděláš, nebo pokud je odhazovací balíček prázdný, dober si na konci tohoto tahu jednu bytost navíc.
sylvan-dryad = Dryáda
    .text = Vyvolává se na vlastní kámen. Můžeš proměnit jeden nelegendární nepřátelský kámen sousedící s Dryádou na svůj běžný kámen.
sylvan-centaur_spearman = Kentaur kopiník
    .text = Kentaur kopiník může provést bojový pohyb. Pokud ho provede, znič první kámen, který leží dál v tomtéž směru, není-li legendární.
sylvan-centaur_chieftain = Kentauří náčelník
    .text = Kentauří náčelník může provést bojový pohyb. Pokud ho provede, tvé ostatní kameny mohou provést až 3 bojové pohyby, každý o jedno pole v tomtéž směru.
sylvan-unicorn = Jednorožec
    .text = Buď Jednorožec může provést bojový pohyb, nebo získáš akci.
sylvan-sylvan_queen = Lesní královna
    .text = Můžeš proměnit nelegendární nepřátelský kámen na označeném poli na svůj kámen stejné úrovně.
sylvan-sylvan_princess = Lesní princezna
    .text = Můžeš proměnit nepřátelský běžný kámen na označeném poli na svůj běžný kámen.
sylvan-woodland_druid = Hvozdní druid
    .text = Povyš jeden běžný kámen každé barvy ve hře, včetně své.
sylvan-forest_ancient = Stařešina lesa
    .text = Polož 2 nepřátelské běžné kameny na prázdná pole ve vzdálenosti nejvýše 2. Poté za každý položený kámen znič jeden běžný kámen jeho barvy ve vzdálenosti nejvýše 3.
sylvan-forest_mystic = Lesní mystik
    .text = Na konci tohoto tahu si dober jednu bytost a jednu legendu navíc.
sylvan-kiskin_leafsplitter = Kiskinský listořez
    .text = Až dvakrát: zvol šipku a znič první kámen v jejím směru.
sylvan-kiskin_boughrunner = Kiskinský větvoběžec
    .text = Kiskinský větvoběžec může provést až 3 bojové pohyby, každý zakončený vedle jiného tvého kamene.
sylvan-tree_shepherd = Pastýř stromů
    .text = Zvol jeden svůj kámen: běžný povyš, hrdinský může provést bojový pohyb, legendární může provést standardní pohyb.

## Věčný mráz

everfrost-snow_fox = Sněžná liška
    .text = Sněžná liška může provést až 2 standardní pohyby.
everfrost-royal_reindeer = Královský sob
    .text = Královský sob může provést bojový skok na pole ve vzdálenosti přesně 2. Poté, pokud vyvolání ani skok nezničily žádný kámen, povyš Královského soba.
everfrost-crystal_mirror = Křišťálové zrcadlo
    .text = Zvol jeden hrdinský kámen nebo až 2 běžné kameny na žlutých polích. Za každý z nich polož svůj kámen stejné úrovně na pole, které je s ním souměrné podle osy Zrcadla, je-li toto pole prázdné.
everfrost-crystal_grower = Pěstitel krystalů
    .text = Povyš jeden běžný kámen každého soupeře.
    .frozen = Povyš jeden svůj běžný kámen.
everfrost-ice_princess = Ledová princezna
    .text = Jiný tvůj běžný kámen může provést bojový pohyb.
    .frozen = Jeden tvůj běžný kámen provede standardní pohyb.
everfrost-ice_queen = Ledová královna
    .text = Vyvolává se na vlastní kámen. Jiný tvůj hrdinský kámen může provést bojový pohyb.
    .frozen = Jeden tvůj hrdinský kámen provede standardní pohyb.
everfrost-frostweave_summoner = Mrazivý vyvolávač
    .text = Při vyvolání nemá žádný efekt.
    .frozen = Rozmraz před vyvoláním: ve vzoru vyvolávané bytosti může jeden nepřátelský kámen s hodností, kterou políčko vzoru žádá, zastoupit jeden tvůj.
everfrost-winter_whisperer = Šeptač zimy
    .text = Při vyvolání nemá žádný efekt.
    .frozen = Můžeš zničit jeden svůj běžný kámen a můžeš odhodit svou kartu balance. Pokud uděláš obojí, získej akci.
everfrost-frozen_chest = Zamrzlá truhla
    .text = Vyvolává se na vlastní kámen. Můžeš zmrazit kartu se zmrazeným efektem ze svého odhazovacího balíčku (zmrazenou smíš mít nejvýše jednu kartu).
everfrost-everfrost_sentinel = Strážný Věčného mrazu
    .text = Pokud vyvolání zničilo nepřátelský kámen, můžeš Strážného degradovat; pokud to uděláš, tví soupeři mají ve svém příštím tahu o 1 akci méně.
everfrost-glacier_giant = Ledovcový obr
    .text = Ledovcový obr může provést libovolný počet bojových pohybů ve směru jedné šipky. Po alespoň jednom z nich může v tomtéž směru vstoupit ještě na legendární kámen: oba jsou zničeny.
everfrost-polar_bear = Lední medvěd
    .text = Lední medvěd může provést bojový pohyb; pokud jím zničil kámen, pak standardní pohyb; pokud i tím zničil kámen, pak pohyb na prázdné pole.
everfrost-war_sled = Válečné sáně
    .text = Válečné sáně mohou provést až 3 bojové pohyby: první ve směru šipky, každý další ve stejném směru jako předchozí, nebo od něj pootočený o 45 stupňů.
everfrost-snow_monster = Sněžná příšera
    .text = Vyvolává se na vlastní kámen. Znič všechny nepřátelské běžné kameny do vzdálenosti 2 od Sněžné příšery, které sousedí s některým tvým kamenem.
everfrost-frost_imp = Mrazivý skřítek
    .text = Běžný kámen sousedící s Mrazivým skřítkem může klouzat jedním směrem: provádí standardní pohyby, dokud může pokračovat.
everfrost-ice_wyvern = Ledová wyverna
    .text = Ledová wyverna může provést bojový skok kamkoli. Pokud jím zničí kámen, znič i Ledovou wyvernu.
    .frozen = Polož svůj běžný kámen na prázdné pole sousedící s některým tvým hrdinským kamenem.
everfrost-deathbringer = Nositel smrti
    .text = Můžeš zničit kámen sousedící s Nositelem smrti: hrdinský musí sousedit s dalším tvým kamenem, legendární se třemi dalšími. Zničený kámen se počítá jako 2 zničené kameny a odchází ze hry.
everfrost-frostweave_illusionist = Mrazivý iluzionista
    .text = Proměň Mrazivého iluzionistu na běžný kámen barvy některého soupeře.
    .frozen = Proměň nepřátelský běžný kámen na svůj běžný kámen.

## Legendy

legends-fire_dragon = Ohnivý drak
    .text = Zvol šipku. Znič všechny nelegendární kameny na prvních 2 polích od Draka ve směru této šipky a ve dvou směrech, které se od ní odklánějí o 45 stupňů na obě strany.
legends-hell_bull = Pekelný býk
    .text = Vyvolává se na vlastní kámen. Býk může provést libovolný počet bojových pohybů, všechny jedním směrem; po zničení legendárního kamene se zastaví.
legends-angel_of_death = Anděl smrti
    .text = Vyvolává se na vlastní povýšený kámen. Můžeš zvolit jiný kámen: povyš ho a Anděl na něj poté provede bojový skok.
legends-the_eldest_tree = Nejstarší strom
    .text = Zvol postupně až 3 sousední pole: na každém buď znič nelegendární nepřátelský kámen, nebo povyš svůj běžný kámen, nebo, je-li prázdné, na ně polož svůj běžný kámen.
legends-bone_catapult = Kostěný katapult
    .text = Můžeš zničit kterýkoli jeden kámen na přímce ve směru šipky a poté všechny běžné kameny, které s ním sousedí.
legends-fire_elemental = Ohnivý elementál
    .text = Buď znič všechny nelegendární nepřátelské kameny sousedící s Elementálem, nebo všechny nepřátelské běžné kameny do vzdálenosti 2.
legends-leviathan = Leviatan
    .text = Buď degraduj souvislou skupinu nejvýše 3 povýšených kamenů, nebo znič souvislou skupinu nejvýše 4 běžných kamenů.
legends-two_headed_dragon = Dvouhlavý drak
    .text = Můžeš povýšit kámen na označeném poli. Pokud to uděláš, můžeš zničit hrdinský kámen, který s ním sousedí.
legends-earth_elemental = Zemský elementál
    .text = Znič nelegendární kámen na červeném poli nebo vedle něj. Povyš běžný kámen na zeleném poli nebo vedle něj. Elementál pak může provést bojový pohyb na sousední červené nebo zelené pole.
legends-time_elemental = Elementál času
    .text = Po tomto tahu odehraješ ještě jeden celý tah, i když už byl spuštěn konec hry.
legends-storm_elemental = Bouřný elementál
    .text = Vyvolává se na vlastní kámen. Můžeš položit svůj kámen libovolné úrovně do vzdálenosti 3; ten může provést bojové pohyby jedním směrem (běžný 5, hrdinský 3, legendární 1) a poté je zničen.
legends-titan = Titán
    .text = Znič všechny kameny ortogonálně sousedící s Titánem a všechny nelegendární kameny, které s ním sousedí diagonálně. Tyto kameny se nepočítají jako zničené tebou.

## Karty balance
## Horní podmínka platí, má-li soupeř aspoň o N povýšených kamenů víc než ty;
## spodní podmínka, má-li aspoň o N kamenů víc celkem.

flares-01 = Balance 01
    .text = Horní podmínka (soupeř má aspoň o 3 povýšené kameny víc): polož běžný kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 6 kamenů víc): polož hrdinský kámen na prázdné pole.
flares-02 = Balance 02
    .text = Horní podmínka (soupeř má aspoň o 4 povýšené kameny víc): polož běžný kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 4 kameny víc): polož běžný kámen na prázdné pole.
flares-03 = Balance 03
    .text = Horní podmínka (soupeř má aspoň o 3 povýšené kameny víc): proveď až 3 standardní pohyby, každý kterýmkoli svým běžným kamenem. Spodní podmínka (soupeř má aspoň o 5 kamenů víc): získej akci.
flares-04 = Balance 04
    .text = Horní podmínka (soupeř má aspoň o 4 povýšené kameny víc): polož běžný kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 5 kamenů víc): polož běžný kámen na prázdné pole, nebo proměň nepřátelský běžný kámen.
flares-05 = Balance 05
    .text = Horní podmínka (soupeř má aspoň o 3 povýšené kameny víc): jeden tvůj běžný kámen provede standardní pohyb, nebo povyš jeden svůj běžný kámen. Spodní podmínka (soupeř má aspoň o 6 kamenů víc): polož dva běžné kameny na prázdná pole.
flares-06 = Balance 06
    .text = Horní podmínka (soupeř má aspoň o 4 povýšené kameny víc): polož běžný kámen na prázdné pole, nebo povyš jeden svůj běžný kámen. Spodní podmínka (soupeř má aspoň o 4 kameny víc): jeden tvůj běžný kámen může provést bojový skok.
flares-07 = Balance 07
    .text = Horní podmínka (soupeř má aspoň o 4 povýšené kameny víc): polož běžný kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 6 kamenů víc): povyš jeden svůj běžný kámen a získej akci.
flares-08 = Balance 08
    .text = Horní podmínka (soupeř má aspoň o 4 povýšené kameny víc): získej akci. Spodní podmínka (soupeř má aspoň o 5 kamenů víc): polož běžný kámen na prázdné pole.
flares-09 = Balance 09
    .text = Horní podmínka (soupeř má aspoň o 5 povýšených kamenů víc): polož hrdinský kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 4 kameny víc): tvé běžné kameny mohou provést jeden standardní a jeden bojový pohyb (týmž kamenem, nebo dvěma různými), v libovolném pořadí.
flares-10 = Balance 10
    .text = Horní podmínka (soupeř má aspoň o 5 povýšených kamenů víc): polož dva běžné kameny na prázdná pole. Spodní podmínka (soupeř má aspoň o 5 kamenů víc): polož běžný kámen na prázdné pole.
flares-11 = Balance 11
    .text = Horní podmínka (soupeř má aspoň o 3 povýšené kameny víc): polož běžný kámen na prázdné pole. Spodní podmínka (soupeř má aspoň o 4 kameny víc): tvé nelegendární kameny mohou provést jeden bojový pohyb, nebo až dva standardní pohyby.
flares-12 = Balance 12
    .text = Horní podmínka (soupeř má aspoň o 2 povýšené kameny víc): jeden tvůj běžný kámen může provést standardní skok. Spodní podmínka (soupeř má aspoň o 5 kamenů víc): získej akci.
