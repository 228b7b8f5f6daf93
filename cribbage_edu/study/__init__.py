"""What all hands and many games teach: exact counts over every hand and starter
(:mod:`.analysis`), and many seeded games between computer players (:mod:`.simulation`,
on worker processes that never outlive the command, :mod:`.workers`).
"""
