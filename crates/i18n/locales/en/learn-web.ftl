# The lessons' page (`web/learn.*`, `/learn`) and the errors of its routes.
learn-web-page-title = Tash-Kalar: lessons
learn-web-title = Lessons
learn-web-step = Step { $n } of { $count }:
learn-web-hint = Hint
learn-web-restart = Start the step again
learn-web-next = Next
learn-web-done = done
learn-web-not-here = { $square } is not one of your choices now: nothing was played.
learn-web-pick = Several choices on { $square }: pick one below.
learn-web-failed = Your turn ended without the goal: the step starts again.
learn-web-step-done = Well done: the goal is met. On to the next step.
learn-web-lesson-done = Well done: the lesson is complete.
learn-web-all-done = Well done: you have completed every lesson.
error-no-such-lesson = no such lesson or step
error-lesson-choice = “{ $choice }” is not one of the choices here; nothing was played
