# Skupina přípustných voleb, které se liší jen políčkem.
legal-summon = vyvolat: { $card } ({ $orientation })
legal-place = položit běžný kámen
legal-pickup = zvednout jeden ze svých kamenů a položit ho jinam
