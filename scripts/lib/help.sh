# Sourced by every script in scripts/: `answer_help "$@"` prints the comment block at the top of
# the script (its usage line and what it does) and exits 0 when the first argument is -h or
# --help, before the script installs, builds or runs anything.
answer_help() {
  case "${1:-}" in
    -h|--help)
      sed -n '2,/^[^#]/{/^#/{s/^# \{0,1\}//;p}}' "$0"
      exit 0
      ;;
  esac
}
