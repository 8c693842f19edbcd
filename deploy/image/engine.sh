# Sourced by build-local-base.sh and smoke.sh: the container engine and the options this machine needs.
# ENGINE (podman); ENGINE_GLOBAL, options before the command; ENGINE_LIMITS, --ulimit options of build and run.
# Why the defaults (decision record 0046): on the machines Switchyard is developed on, crun refuses the cgroup layout
# ("cgroups in hybrid mode not supported, drop all controllers from cgroupv2"), so runc runs containers when it is
# installed; and a container's process may not set RLIMIT_NPROC to the host's limit ("setrlimit `RLIMIT_NPROC`:
# Operation not permitted"), which podman asks for as root, so both limits are given explicitly, lower.
ENGINE=${ENGINE:-podman}
if [[ -z "${ENGINE_GLOBAL+set}" ]]; then
  ENGINE_GLOBAL=""
  if [[ "$ENGINE" == podman ]] && command -v runc >/dev/null; then ENGINE_GLOBAL="--runtime runc"; fi
fi
ENGINE_LIMITS=${ENGINE_LIMITS:---ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096}
engine() {
  # shellcheck disable=SC2086 # the options are words
  "$ENGINE" $ENGINE_GLOBAL "$@"
}
