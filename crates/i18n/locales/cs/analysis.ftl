# Rozbor dohrané hry (stránka záznamu, chyby serveru).

analysis-button = Rozebrat hru
analysis-title = Rozbor
analysis-running = Rozbor: { $done } z { $total } pozic…
analysis-graph-first = Šance na výhru – { $who }, tah po tahu
analysis-graph-mover = Šance na výhru hráče na řadě, tah po tahu
analysis-mistakes = Volby, které ztratily nejvíc
analysis-no-mistakes = Žádná volba neztratila mnoho.
analysis-mistake = tah { $turn }, { $who }: { $played }, z { $from } na { $to } (nejlepší: { $best })
analysis-note = Šance je odhad hledání ({ $iterations } iterací na pozici), jak často hráč, který volil, vyhraje; klikni na tah nebo chybu a uvidíš ji.
analysis-turn = tah { $turn }: { $chance }
error-not-analysed = tato hra ještě nebyla rozebrána
error-analyses-busy = server právě rozebírá { $running } her, víc najednou nezvládne; zkus to později
