#!/usr/bin/env bash
# Offline checks of terraform/: formatting, checkov, the inventory module's init/validate/test,
# the module's error messages, the ports module's init/validate/test (the security groups'
# ports by topology and database), and the root variables' validation. Runnable from any directory.
# Ends with "terraform: N passed, M failed"; exits non-zero if any step failed.
set -euo pipefail

TF_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_ROOT="$(cd "${TF_DIR}/.." && pwd)"
MODULE_DIR="${TF_DIR}/modules/inventory"
VENV="${REPO_ROOT}/.poolbench/venv-checkov"
REQUIREMENTS="${TF_DIR}/requirements.txt"

# No user CLI configuration (plugin caches, credentials helpers) and no prompts.
export TF_CLI_CONFIG_FILE=/dev/null
export TF_IN_AUTOMATION=1
export TF_INPUT=0
export CHECKPOINT_DISABLE=1

if ! command -v terraform >/dev/null 2>&1; then
  echo "terraform: the terraform CLI is not on the PATH; install Terraform >= 1.9 (https://developer.hashicorp.com/terraform/install) and run again." >&2
  echo "terraform: 0 passed, 1 failed"
  exit 1
fi

# Terraform's working data (.terraform/) goes to a scratch directory, never into the source tree.
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/poolbench-terraform.XXXXXX")"
trap 'rm -rf "${SCRATCH}"' EXIT

passed=0
failed=0

# step NAME COMMAND...: prints a header, runs the command, counts the result.
step() {
  local name="$1"
  shift
  echo
  echo "=== terraform: ${name}"
  if "$@"; then
    echo "--- ok: ${name}"
    passed=$((passed + 1))
  else
    echo "--- FAILED: ${name}" >&2
    failed=$((failed + 1))
  fi
}

fmt_check() {
  terraform fmt -check -recursive -diff "${TF_DIR}"
}

checkov_scan() {
  local pinned
  pinned="$(sed -n 's/^checkov==\([^[:space:]]*\).*/\1/p' "${REQUIREMENTS}")"
  if [ ! -x "${VENV}/bin/checkov" ] || [ "$("${VENV}/bin/checkov" --version 2>/dev/null)" != "${pinned}" ]; then
    echo "Creating ${VENV} with checkov ${pinned} from terraform/requirements.txt"
    python3 -m venv "${VENV}" || return 1
    "${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check -r "${REQUIREMENTS}" || return 1
  fi
  "${VENV}/bin/checkov" --version
  "${VENV}/bin/checkov" -d "${TF_DIR}" --skip-download --quiet --compact
}

module_terraform() {
  (cd "${MODULE_DIR}" && TF_DATA_DIR="${SCRATCH}/inventory-data" terraform "$@")
}

# expect_message MESSAGE -var ...: plan must fail and print MESSAGE.
expect_message() {
  local message="$1" output
  shift
  if output="$(module_terraform plan -no-color -input=false "$@" 2>&1)"; then
    echo "plan succeeded, expected it to fail with: ${message}" >&2
    return 1
  fi
  output="$(tr -s ' \n│' ' ' <<<"${output}")"
  if [[ "${output}" != *"${message}"* ]]; then
    echo "plan failed without the expected message: ${message}" >&2
    echo "${output}" >&2
    return 1
  fi
  echo "rejected as expected: ${message}"
}

module_messages() {
  local db='db_hosts=[{name="pb-db",public_ip="198.51.100.10"}]'
  local app='app_hosts=[{name="pb-app",public_ip="198.51.100.11"}]'
  local bench='bench_hosts=[{name="pb-bench-1",public_ip="198.51.100.21"}]'
  expect_message 'Unknown topology "triple": use one of single, split, split3.' \
    -var topology=triple -var "${db}" -var "${app}" -var "${bench}" &&
    expect_message 'db_hosts is empty: give the one host that runs MySQL' \
      -var topology=split3 -var 'db_hosts=[]' -var "${app}" -var "${bench}" &&
    expect_message 'bench_hosts is empty: give at least one host that runs the load generator.' \
      -var topology=split3 -var "${db}" -var "${app}" -var 'bench_hosts=[]' &&
    expect_message 'in single and split the db host and the app host are the same host' \
      -var topology=split -var "${db}" -var "${app}" -var "${bench}"
}

# The root configuration needs the AWS provider (not downloadable offline), so its variables
# are tested alone: variables.tf plus tests/offline/ copied into a scratch configuration.
root_variables() {
  local dir="${SCRATCH}/root-variables"
  mkdir -p "${dir}/tests"
  cp "${TF_DIR}/variables.tf" "${dir}/"
  cp -R "${TF_DIR}/tests/offline/." "${dir}/tests/"
  (cd "${dir}" && terraform init -no-color -input=false >/dev/null && terraform test -no-color)
}

step "fmt -check -recursive" fmt_check
step "checkov (--skip-download --quiet --compact)" checkov_scan
step "modules/inventory: init" module_terraform init -no-color -input=false
step "modules/inventory: validate" module_terraform validate -no-color
step "modules/inventory: test" module_terraform test -no-color
step "modules/inventory: error messages of bad inputs" module_messages
ports_terraform() { (cd "${TF_DIR}/modules/ports" && TF_DATA_DIR="${SCRATCH}/ports-data" terraform "$@"); }
step "modules/ports: init" ports_terraform init -no-color -input=false
step "modules/ports: validate" ports_terraform validate -no-color
step "modules/ports: test (5432 only for postgres, 3306 only for mariadb)" ports_terraform test -no-color
step "root variables: validation tests (offline copy)" root_variables
# The local target has no provider: init and validate run offline (its apply: ansible/tests/run.sh).
local_terraform() { (cd "${TF_DIR}/local" && TF_DATA_DIR="${SCRATCH}/local-data" terraform "$@"); }
step "local: init" local_terraform init -no-color -input=false -backend=false
step "local: validate" local_terraform validate -no-color

echo
echo "terraform: ${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
