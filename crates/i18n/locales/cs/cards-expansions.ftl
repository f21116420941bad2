### Karty rozšíření v češtině: Podsvětí (Nethervoid) a Éterotkaní (Etherweave).
###
### Id zprávy = referenční id karty, v němž je „.“ nahrazena „-“.
### Hodnota = název karty; .text = efekt; .warp = efekt zkřivení
### (Éterotkaní). Jednotné herní termíny: viz GLOSSARY.md.
###
### Termíny, které se v textech skloňují, mají tvary pro všech šest pádů
### (bez vokativu): nom, gen, dat, acc, loc, ins.

-gateway = { $case ->
       *[nom] Brána
        [gen] Brány
        [dat] Bráně
        [acc] Bránu
        [loc] Bráně
        [ins] Bránou
    }
    .gender = feminine

-pending-being = { $case ->
       *[nom] čekající bytost
        [gen] čekající bytosti
        [dat] čekající bytosti
        [acc] čekající bytost
        [loc] čekající bytosti
        [ins] čekající bytostí
    }
    .gender = feminine

-warp-effect = { $case ->
       *[nom] efekt zkřivení
        [gen] efektu zkřivení
        [dat] efektu zkřivení
        [acc] efekt zkřivení
        [loc] efektu zkřivení
        [ins] efektem zkřivení
    }
    .gender = masculine

## Podsvětí (Nethervoid)
## Brána je jeden tvůj běžný nebo hrdinský kámen označený skleněným znakem.

nethervoid-shadow_imp = Stínový skřítek
    .text = Stínový skřítek může provést bojový pohyb. Pokud ho provedl a sám není { -gateway(case: "ins") }, může { -gateway } provést bojový pohyb v tomtéž směru.
nethervoid-flame_imp = Plamenný skřítek
    .text = Můžeš zničit běžný kámen libovolné barvy, který sousedí s { -gateway(case: "ins") }.
nethervoid-gate_keeper = Strážce brány
    .text = Můžeš buď povýšit jeden svůj běžný kámen, nebo položit svůj běžný kámen na libovolné prázdné pole. Povýšený nebo položený kámen se stává { -gateway(case: "ins") }.
nethervoid-demon_of_gluttony = Démon obžerství
    .text = Démon může provést bojový pohyb. Pokud jím zničí kámen, povyš Démona; pak může provést druhý bojový pohyb. Pokud i tím zničí kámen, stává se { -gateway(case: "ins") }.
nethervoid-demon_of_pride = Démon pýchy
    .text = Povyš Démona pýchy; stává se { -gateway(case: "ins") }. Poté může provést bojový pohyb.
nethervoid-acolyte_of_destruction = Akolyta zkázy
    .text = Znič běžný kámen libovolné barvy kdekoli na plánu. Pokud { -gateway } stojí na červeném poli, můžeš navíc zničit hrdinský kámen sousedící s polem, kde zničený kámen stál.
nethervoid-acolyte_of_growth = Akolyta růstu
    .text = Polož svůj běžný kámen na libovolné prázdné pole. Pokud { -gateway } stojí na zeleném poli, polož navíc svůj hrdinský kámen na prázdné pole sousedící s tímto běžným kamenem.
nethervoid-power_seeker = Hledač moci
    .text = Je-li Hledač moci { -gateway(case: "ins") }, může provést standardní pohyb. Jinak, pokud { -gateway } existuje, může provést libovolný počet bojových pohybů, z nichž každý ho přiblíží k { -gateway(case: "dat") }.
nethervoid-hell_hound = Pekelný pes
    .text = Můžeš zničit jeden kámen sousedící s Pekelným psem. Pokud tím nebyl zničen legendární kámen a tvůj dobírací balíček není prázdný, dej tuto kartu pod svůj dobírací balíček místo do odhazovacího.
nethervoid-vortexmaster = Pán víru
    .text = { -gateway } může provést bojový pohyb. Poté, ať se pohnula, nebo ne, může jeden tvůj kámen sousedící s { -gateway(case: "ins") } provést bojový pohyb.
nethervoid-gate_master = Pán brány
    .text = Povyš { -gateway(case: "acc") }, pokud existuje. Poté zvol jeden svůj nelegendární kámen, který se stane { -gateway(case: "ins") } (může to být i dosavadní { -gateway }). Stala-li se { -gateway } povýšením legendární, počítá se toto vyvolání i jako vyvolání legendy na poli Pána brány.
nethervoid-hell_rider = Pekelný jezdec
    .text = Vyvolává se na vlastní kámen. Je-li Pekelný jezdec { -gateway(case: "ins") }, může provést jeden bojový pohyb; jinak může provést až 3 bojové pohyby.
nethervoid-demon_of_wrath = Démon hněvu
    .text = Pokud s { -gateway(case: "ins") } nesousedí žádný nepřátelský běžný kámen, může { -gateway } nejprve provést standardní pohyb. Poté znič všechny nepřátelské běžné kameny sousedící s { -gateway(case: "ins") }.
nethervoid-demon_of_greed = Démon chamtivosti
    .text = Znič jeden svůj běžný a jeden svůj hrdinský kámen, je-li to možné; žádný z nich nesmí být { -gateway(case: "ins") }. Za každý takto zničený kámen získej akci.
nethervoid-demon_of_lust = Démon chtíče
    .text = Můžeš zvolit až 2 kameny libovolné barvy. Každý provede bojový pohyb, který ho přiblíží k { -gateway(case: "dat") }; na pole { -gateway(case: "gen") } však vstoupit nesmí.
nethervoid-demon_of_sloth = Démon lenosti
    .text = Přijdeš o jednu ze svých zbývajících akcí v tomto tahu. Pokud ti žádná nezbývá, znič místo toho { -gateway(case: "acc") }.
nethervoid-demon_of_envy = Démon závisti
    .text = Vyvolává se na vlastní kámen. Polož svůj běžný kámen na prázdné pole sousedící s { -gateway(case: "ins") }. Opakuj to, dokud vedle { -gateway(case: "gen") } zbývá prázdné pole a některý soupeř má na plánu víc kamenů než ty.
nethervoid-possessed_summoner = Posedlý vyvolávač
    .text = Polož běžný kámen barvy některého soupeře na prázdné pole sousedící s kamenem téže barvy, je-li to možné. Tvé příští vyvolání v tomto tahu musí sestavit vzor z kamenů této barvy místo z tvých. Nezávisle na tom můžeš odhodit svou kartu balance; pokud to uděláš, získej akci.

## Éterotkaní (Etherweave)
## Efekt zkřivení se hraje z ruky zdarma ve tvém tahu mimo akci; karta
## pak leží navrch dobíracího balíčku jako čekající bytost.

etherweave-doppelganger = Dvojník
    .text = Máš-li { -pending-being(case: "acc") }, proveď nyní kopii jejího { -warp-effect(case: "gen") }. Čekající bytost zůstává čekající.
etherweave-paradox_worm = Paradoxní červ
    .text = Můžeš zvolit svůj nelegendární kámen a nepřátelský kámen stejné úrovně: vymění si pole.
    .warp = Povyš běžný kámen některého soupeře, je-li to možné. Poté můžeš odhodit svou { -pending-being(case: "acc") } do odhazovacího balíčku.
etherweave-lesser_shadow_twin = Menší stínové dvojče
    .text = Jen pokud je karta Větší stínové dvojče ve tvém odhazovacím balíčku: zvol svůj kámen a znič až 2 běžné kameny, které s ním sousedí.
    .warp = Povyš jeden svůj běžný kámen, je-li to možné.
etherweave-translocationist = Translokátor
    .text = Můžeš provést až 2 výměny; při každé si tvůj hrdinský a tvůj běžný kámen vymění pole.
    .warp = Získej akci.
etherweave-antimatter_spirit = Duch antihmoty
    .text = Při vyvolání nemá žádný efekt.
    .warp = Provede se buď celý, nebo vůbec: polož svůj běžný kámen na prázdné bezbarvé pole a proveď jím bojový pohyb. Pak na totéž pole polož běžný kámen barvy některého soupeře a proveď jím bojový pohyb přesně opačným směrem.
etherweave-merchant_of_time = Obchodník s časem
    .text = Leží-li na této kartě kámen, provede standardní skok (podle své úrovně) na libovolné bezbarvé pole.
    .warp = Zvedni libovolný kámen z bezbarvého pole a ulož ho na tuto kartu. Tento { -warp-effect } nelze kopírovat. Dokud je tato karta tvou { -pending-being(case: "ins") }, nelze ji odhodit ani vzít zpět do ruky.
etherweave-gate_of_oblivion = Portál zapomnění
    .text = Znič kámen na fialově označeném poli. Poté můžeš zničit jeden nelegendární kámen na červeně označeném poli.
    .warp = Do konce tohoto tahu se každý kámen, který zničíš, počítá dvakrát.
etherweave-time_traveler = Cestovatel časem
    .text = Vyvolává se na libovolné prázdné bezbarvé pole, ať je vzor kdekoli. Můžeš zničit běžný kámen sousedící s Cestovatelem časem; pokud to uděláš, přesuň vrchní kartu svého odhazovacího balíčku navrch dobíracího balíčku.
etherweave-greater_shadow_twin = Větší stínové dvojče
    .text = Jen pokud je karta Menší stínové dvojče ve tvém odhazovacím balíčku: můžeš zničit jeden hrdinský kámen, se kterým sousedí alespoň 2 tvé kameny.
    .warp = Povyš jeden svůj běžný kámen, je-li to možné.
etherweave-warpmaster = Pán zkřivení
    .text = Můžeš buď vrátit svou { -pending-being(case: "acc") } do ruky, nebo Pánem zkřivení provést standardní pohyb.
etherweave-dark_sphere = Temná sféra
    .text = Vyvolává se na vlastní kámen. Můžeš zvolit až 3 nelegendární kameny, nejvýše 2 od každé barvy. Každý provede bojový pohyb, který skončí ve vzdálenosti přesně 2 od Temné sféry.
etherweave-void_summoner = Vyvolávač prázdnoty
    .text = Tvé příští vyvolání v tomto tahu smí ve vzoru počítat až 2 prázdná pole jako tvé běžné kameny.
    .warp = Jeden tvůj nelegendární kámen provede standardní pohyb, je-li to možné.
etherweave-eternal_emperor = Věčný císař
    .text = Pokud { -warp-effect } Věčného císaře nebyl v tomto tahu zahrán z ruky, můžeš ho provést nyní.
    .warp = Zvol jedno: polož svůj běžný kámen na prázdné pole, nebo jeden tvůj kámen provede jeden pohyb (běžný bojový, hrdinský či legendární standardní).
etherweave-reality_patch = Záplata reality
    .text = Můžeš v tomto pořadí: zničit nejvýše jeden hrdinský kámen každé soupeřovy barvy; odhodit svou { -pending-being(case: "acc") }; odhodit z ruky jednu libovolnou kartu (bytost, legendu nebo kartu balance).
etherweave-polarity_queen = Královna polarity
    .text = Zvol 2 své nelegendární kameny kromě Královny polarity: každý provede bojový pohyb, oba přesně opačnými směry. Nelze-li provést oba, neprovede se žádný.
    .warp = Polož svůj běžný kámen na prázdné pole sousedící s kterýmkoli nepřátelským kamenem, je-li to možné.
etherweave-singularity = Singularita
    .text = Zvol prázdné bezbarvé pole. Každý běžný kámen, který s ním sousedí, na ně postupně provede bojový pohyb v pořadí podle tvé volby; každý příchozí zničí předchozí, takže zůstane jen poslední.
etherweave-ziggurat_sentinel = Strážný zikkuratu
    .text = Můžeš buď provést kopii { -warp-effect(case: "gen") } karty ze svého odhazovacího balíčku (karta tam zůstává), nebo Strážným zikkuratu provést až 3 bojové pohyby ve směru šipky.
    .warp = Zvol svůj nelegendární kámen, je-li to možné: provede buď 1 bojový pohyb, nebo 2 standardní pohyby.
etherweave-iris_of_eternity = Duhovka věčnosti
    .text = Můžeš buď zničit legendární kámen sousedící s Duhovkou, nebo Duhovku povýšit. Stane-li se tím legendární, počítá se jako legenda vyvolaná v tomto tahu a všechny legendy z ruky odhoď.
