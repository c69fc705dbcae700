# Sourced by the test scripts that need Python packages from PyPI:
#   python_venv WORK REQUIREMENTS WHAT
# makes WORK/venv with the pinned REQUIREMENTS unless it is there, logging to WORK/venv.log.
# When they cannot be installed (no network, no python3-venv) it says that WHAT is skipped
# and why, removes the half-made venv and returns 1.
python_venv() {
    local work=$1 requirements=$2 what=$3
    mkdir -p "$work"
    [ -x "$work/venv/bin/python" ] && return 0
    if ! python3 -m venv "$work/venv" >"$work/venv.log" 2>&1 \
        || ! "$work/venv/bin/pip" install --quiet -r "$requirements" >>"$work/venv.log" 2>&1; then
        echo "$what skipped: the Python packages could not be installed (see $work/venv.log)"
        rm -rf "$work/venv"
        return 1
    fi
}
