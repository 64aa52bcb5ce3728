# The stand-in agent's answers are the tests it writes, run under trialgate against the service it starts:
# the repository's pytest, run from its top level, leaves them out.
collect_ignore = ["answers"]
