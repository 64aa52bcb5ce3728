// git runs programs its configuration names, and the job may point that configuration into the pull request's
// checkout: husky's `prepare` (run by a plain `npm ci`, the base's own script) sets core.hooksPath to .husky,
// whose post-checkout is the head's. trialgate's own git commands would then run the pull request's code outside
// any sandbox: a hook at the base commit's checkout rewrites the base's trial set or prompts, and the base's
// paired trials run the head's agent. Every git command trialgate runs in a checkout turns them off.
export const WITHOUT_CONFIGURED_PROGRAMS = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];
