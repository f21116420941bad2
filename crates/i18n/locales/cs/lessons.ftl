# Lekce (crates/learn): název, text a u každého kroku cíl a rady.

lessons-placing = Pokládání kamenů
lessons-placing-text = Aréna má 69 polí. Ve svém tahu máš dvě akce; nejjednodušší je položit jeden svůj běžný kámen na prázdné pole.
lessons-placing-1-goal = Polož běžný kámen na e5, střed hrací plochy.
lessons-placing-1-hint-1 = Zvol „položit“ a potom pole.
lessons-placing-1-hint-2 = e5 je pátý sloupec, pátá řada.

lessons-summoning = Vzory a vyvolání
lessons-summoning-text = Bytost se vyvolá, když tvoje kameny tvoří její vzor, otočený nebo zrcadlený podle libosti. Bytost pak stojí na svém vyvolávacím poli a provede se, co dělá.
lessons-summoning-1-goal = Vyvolej Rytíře.
lessons-summoning-1-hint-1 = Tvoje běžné kameny na d4, e4, f4 a d3 už tvoří vzor Rytíře.
lessons-summoning-1-hint-2 = Vyvolávací pole Rytíře je e5, hned nad řadou tří kamenů.

lessons-destroying = Pohyby a ničení
lessons-destroying-text = Bojový pohyb posune kámen o jedno pole, i na nepřátelský kámen stejné nebo nižší úrovně: ten kámen je zničen.
lessons-destroying-1-goal = Znič červený hrdinský kámen.
lessons-destroying-1-hint-1 = Nejprve vyvolej Rytíře na e5.
lessons-destroying-1-hint-2 = Potom bojový pohyb Rytíře na e6 zničí červený kámen.
