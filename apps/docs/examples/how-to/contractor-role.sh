#!/usr/bin/env bash
# Let contractors turn flags on and off, and edit their strategies, in development only: a custom project role with
# environment permissions, granted in one project. Needs curl and jq, and an Admin's token.
# Safe to run more than once.
set -euo pipefail
URL="${SWITCHYARD_URL:-http://localhost:4242}"
TOKEN="${SWITCHYARD_ADMIN_TOKEN:-*:*.quickstart-admin-secret}"

# api METHOD PATH [JSON]: calls the Admin API, prints the answer, fails with the error body on 4xx and 5xx.
api() {
  local args=(--silent --show-error --fail-with-body -X "$1" "$URL$2" -H "Authorization: $TOKEN")
  if [ $# -gt 2 ]; then args+=(-H 'Content-Type: application/json' --data "$3"); fi
  curl "${args[@]}"
}

# 1. The role. Each environment permission names its environment; a project permission would apply to the whole
#    project, so this role holds none.
ROLE='{
  "name": "Development toggler",
  "description": "Turns flags on and off and edits their strategies in development only",
  "type": "custom",
  "permissions": [
    { "name": "UPDATE_FEATURE_ENVIRONMENT", "environment": "development" },
    { "name": "CREATE_FEATURE_STRATEGY", "environment": "development" },
    { "name": "UPDATE_FEATURE_STRATEGY", "environment": "development" },
    { "name": "DELETE_FEATURE_STRATEGY", "environment": "development" }
  ]
}'
ROLE_ID=$(api GET /api/admin/roles | jq -r '.roles[] | select(.name == "Development toggler") | .id')
if [ -z "$ROLE_ID" ]; then
  ROLE_ID=$(api POST /api/admin/roles "$ROLE" | jq -r .roles.id) # answers { version, roles: {...} }
else
  api PUT "/api/admin/roles/$ROLE_ID" "$ROLE" >/dev/null
fi
echo "Role \"Development toggler\" (id $ROLE_ID):"
api GET "/api/admin/roles/$ROLE_ID" | jq -r '.permissions[] | "  \(.name) in \(.environment)"'

# 2. The contractor: a Viewer at the root, so everything beyond reading comes from the project role. (On your
#    instance, invite them or let them sign in with single sign-on; this demo creates the account.)
user_id() { api GET /api/admin/user-admin | jq -r --arg name "$1" '.users[] | select(.username == $name) | .id'; }
[ -n "$(user_id kim)" ] ||
  api POST /api/admin/user-admin '{ "username": "kim", "name": "Kim (contractor)", "password": "demo-passphrase-1", "rootRole": 3 }' >/dev/null
KIM=$(user_id kim)

# 3. Grant the role in the project "default". PUT sets kim's roles there, replacing any others.
api PUT "/api/admin/projects/default/users/$KIM/roles" "{ \"roles\": [$ROLE_ID] }" >/dev/null
echo "kim holds \"Development toggler\" in project default"

# 4. Check it as kim: sign in, then turn a flag on in each environment.
FLAG=contractor-demo
[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/admin/projects/default/features/$FLAG" -H "Authorization: $TOKEN")" = 200 ] ||
  api POST /api/admin/projects/default/features "{ \"name\": \"$FLAG\" }" >/dev/null
JAR=$(mktemp)
trap 'rm -f "$JAR"' EXIT
curl -s -c "$JAR" -o /dev/null "$URL/auth/simple/login" -H 'Content-Type: application/json' \
  --data '{ "username": "kim", "password": "demo-passphrase-1" }'
toggle_as_kim() {
  curl -s -b "$JAR" -o /dev/null -w '%{http_code}' -X POST \
    "$URL/api/admin/projects/default/features/$FLAG/environments/$1/on"
}
IN_DEVELOPMENT=$(toggle_as_kim development)
IN_PRODUCTION=$(toggle_as_kim production)
echo "kim turns $FLAG on: development $IN_DEVELOPMENT, production $IN_PRODUCTION"
[ "$IN_DEVELOPMENT" = 200 ] && [ "$IN_PRODUCTION" = 403 ]
