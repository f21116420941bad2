# Stránka lekcí (`web/learn.*`, `/learn`) a chyby jejích cest.
learn-web-page-title = Tash-Kalar: lekce
learn-web-title = Lekce
learn-web-step = Krok { $n } z { $count }:
learn-web-hint = Rada
learn-web-restart = Začít krok znovu
learn-web-next = Dál
learn-web-done = hotovo
learn-web-not-here = { $square } teď mezi tvými volbami není: nic se nezahrálo.
learn-web-pick = Na { $square } je více voleb: vyber jednu níže.
learn-web-failed = Tvůj tah skončil bez splnění cíle: krok začíná znovu.
learn-web-step-done = Výborně: cíl je splněn. Pokračuj dalším krokem.
learn-web-lesson-done = Výborně: lekce je hotová.
learn-web-all-done = Výborně: máš hotové všechny lekce.
error-no-such-lesson = taková lekce nebo krok neexistuje
error-lesson-choice = „{ $choice }“ tady mezi volbami není; nic se nezahrálo
