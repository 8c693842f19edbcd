#!/usr/bin/env bash
# Give the checkout team its own private project: a group of the team's people, the project, and the group's roles
# in it. Needs curl and jq, and an Admin's token (an admin API token or an Admin's personal access token).
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

# The people, by username. On your instance they exist already or arrive through single sign-on; for this demo the
# script creates them, as Viewers: their rights in the project come from the roles below, not from the root role.
user_id() { api GET /api/admin/user-admin | jq -r --arg name "$1" '.users[] | select(.username == $name) | .id'; }
for name in lin sam ola; do
  [ -n "$(user_id "$name")" ] ||
    api POST /api/admin/user-admin "{\"username\":\"$name\",\"password\":\"demo-passphrase-1\",\"rootRole\":3}" >/dev/null
done
LIN=$(user_id lin) # the team lead
SAM=$(user_id sam) # a developer
OLA=$(user_id ola) # someone from another team

# 1. The group. Members who sign in with single sign-on and belong to "checkout-engineers" at the provider join it
#    on their own (mappingsSSO); lin and sam are added by hand.
GROUP=$(jq -n --argjson lin "$LIN" --argjson sam "$SAM" '{
  name: "Checkout team",
  description: "Everyone who works on checkout",
  mappingsSSO: ["checkout-engineers"],
  users: [{ user: { id: $lin } }, { user: { id: $sam } }]
}')
GROUP_ID=$(api GET /api/admin/groups | jq -r '.groups[] | select(.name == "Checkout team") | .id')
if [ -z "$GROUP_ID" ]; then
  GROUP_ID=$(api POST /api/admin/groups "$GROUP" | jq -r .id)
else
  api PUT "/api/admin/groups/$GROUP_ID" "$GROUP" >/dev/null
fi
echo "Group \"Checkout team\" (id $GROUP_ID) with lin and sam"

# 2. The project, private: only its members and Admins see it. An existing project is switched with PUT.
PROJECT='{ "id": "checkout", "name": "Checkout", "description": "Cart, payment and order flags", "mode": "private" }'
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/admin/projects/checkout" -H "Authorization: $TOKEN")" = 404 ]; then
  api POST /api/admin/projects "$PROJECT" >/dev/null
else
  api PUT /api/admin/projects/checkout '{ "name": "Checkout", "mode": "private" }' >/dev/null
fi
echo 'Project "checkout" is private'

# 3. Access: Member (role 5) for the whole group, Owner (role 4) for the lead, who also manages access and settings.
api POST /api/admin/projects/checkout/access "{ \"roles\": [5], \"groups\": [$GROUP_ID], \"users\": [] }" >/dev/null
api POST /api/admin/projects/checkout/access "{ \"roles\": [4], \"groups\": [], \"users\": [$LIN] }" >/dev/null
api GET /api/admin/projects/checkout/access | jq -r '
  (.roles | map({ key: (.id | tostring), value: .name }) | from_entries) as $names
  | (.users[] | "User \(.username): \(.roles | map($names[tostring]) | join(", "))"),
    (.groups[] | "Group \(.name): \(.roles | map($names[tostring]) | join(", "))")'

# 4. Check it as the people themselves: sign in, then ask for the project.
project_status_as() {
  local jar
  jar=$(mktemp)
  curl -s -c "$jar" -o /dev/null "$URL/auth/simple/login" -H 'Content-Type: application/json' \
    --data "{\"username\":\"$1\",\"password\":\"demo-passphrase-1\"}"
  curl -s -b "$jar" -o /dev/null -w '%{http_code}' "$URL/api/admin/projects/checkout"
  rm -f "$jar"
}
SAM_SEES=$(project_status_as sam)
OLA_SEES=$(project_status_as ola)
echo "GET /api/admin/projects/checkout: sam gets $SAM_SEES, ola gets $OLA_SEES"
[ "$SAM_SEES" = 200 ] && [ "$OLA_SEES" = 404 ]

# sam, a Viewer at the root, may create flags in checkout through the group's Member role.
api GET "/api/admin/user-admin/$SAM/permissions?project=checkout" |
  jq -r '.overview.project[] | select(.name == "CREATE_FEATURE") | "sam may create flags in checkout: \(.hasPermission)"'
