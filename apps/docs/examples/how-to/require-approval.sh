#!/usr/bin/env bash
# Require a second person's approval before a flag changes in production: change requests on in production, a
# reviewer role, then one change drafted, sent to review, approved by someone else and applied. Needs curl and jq,
# and an Admin's token. Safe to run more than once.
set -euo pipefail
URL="${SWITCHYARD_URL:-http://localhost:4242}"
TOKEN="${SWITCHYARD_ADMIN_TOKEN:-*:*.quickstart-admin-secret}"
PROJECT=payments
FLAG=instant-refunds

# api METHOD PATH [JSON]: calls the Admin API, prints the answer, fails with the error body on 4xx and 5xx.
api() {
  local args=(--silent --show-error --fail-with-body -X "$1" "$URL$2" -H "Authorization: $TOKEN")
  if [ $# -gt 2 ]; then args+=(-H 'Content-Type: application/json' --data "$3"); fi
  curl "${args[@]}"
}
status() { curl -s -o /dev/null -w '%{http_code}' "$URL$1" -H "Authorization: $TOKEN"; }
in_production() {
  api GET "/api/admin/projects/$PROJECT/features/$FLAG" |
    jq -r '.environments[] | select(.name == "production") | .enabled'
}

# The demo's starting point: a project with a flag that is off in production, and two people. (On your instance they
# exist already.) When the script ran before, change requests are turned off for a moment, so that the admin token
# may switch the flag off again directly; step 1 turns them back on.
[ "$(status "/api/admin/projects/$PROJECT")" = 200 ] ||
  api POST /api/admin/projects "{ \"id\": \"$PROJECT\", \"name\": \"Payments\" }" >/dev/null
[ "$(status "/api/admin/projects/$PROJECT/features/$FLAG")" = 200 ] ||
  api POST "/api/admin/projects/$PROJECT/features" "{ \"name\": \"$FLAG\" }" >/dev/null
CONFIG="/api/admin/projects/$PROJECT/environments/production/change-requests/config"
api PUT "$CONFIG" '{ "changeRequestsEnabled": false }' >/dev/null
api POST "/api/admin/projects/$PROJECT/features/$FLAG/environments/production/off" >/dev/null
user_id() { api GET /api/admin/user-admin | jq -r --arg name "$1" '.users[] | select(.username == $name) | .id'; }
for name in alex robin; do
  [ -n "$(user_id "$name")" ] ||
    api POST /api/admin/user-admin "{ \"username\": \"$name\", \"password\": \"demo-passphrase-1\", \"rootRole\": 3 }" >/dev/null
done
ALEX=$(user_id alex)   # a developer: Member of the project, so alex may change flags in every environment
ROBIN=$(user_id robin) # a reviewer: gets the role of step 2
api PUT "/api/admin/projects/$PROJECT/users/$ALEX/roles" '{ "roles": [5] }' >/dev/null

# 1. Turn change requests on in production, with one approval required.
api PUT "$CONFIG" '{ "changeRequestsEnabled": true, "requiredApprovals": 1 }' >/dev/null
api GET "/api/admin/projects/$PROJECT/change-requests/config" |
  jq -r '.[] | "\(.environment): change requests \(if .changeRequestEnabled then "on, \(.requiredApprovals) approval(s)" else "off" end)"'

# 2. The reviewer role: approve and apply change requests in production, nothing else. Grant it to robin.
ROLE='{
  "name": "Production approver",
  "description": "Approves and applies change requests in production",
  "type": "custom",
  "permissions": [
    { "name": "APPROVE_CHANGE_REQUEST", "environment": "production" },
    { "name": "APPLY_CHANGE_REQUEST", "environment": "production" }
  ]
}'
ROLE_ID=$(api GET /api/admin/roles | jq -r '.roles[] | select(.name == "Production approver") | .id')
if [ -z "$ROLE_ID" ]; then
  ROLE_ID=$(api POST /api/admin/roles "$ROLE" | jq -r .roles.id)
else
  api PUT "/api/admin/roles/$ROLE_ID" "$ROLE" >/dev/null
fi
api PUT "/api/admin/projects/$PROJECT/users/$ROBIN/roles" "{ \"roles\": [$ROLE_ID] }" >/dev/null
echo "robin holds \"Production approver\" (role $ROLE_ID) in project $PROJECT"

# Each person signs in; as_user NAME METHOD PATH [JSON] calls the API with their session and prints the status
# code, then the answer, on one line each.
JARS=$(mktemp -d)
trap 'rm -rf "$JARS"' EXIT
for name in alex robin; do
  curl -s -c "$JARS/$name" -o /dev/null "$URL/auth/simple/login" -H 'Content-Type: application/json' \
    --data "{ \"username\": \"$name\", \"password\": \"demo-passphrase-1\" }"
done
as_user() {
  local args=(-s -b "$JARS/$1" -o "$JARS/answer" -w '%{http_code}' -X "$2" "$URL$3")
  if [ $# -gt 3 ]; then args+=(-H 'Content-Type: application/json' --data "$4"); fi
  curl "${args[@]}"
  echo
  cat "$JARS/answer"
}

# 3. alex turns the flag on directly: refused, because production now takes change requests.
DIRECT=$(as_user alex POST "/api/admin/projects/$PROJECT/features/$FLAG/environments/production/on")
echo "alex turns $FLAG on directly: $(head -1 <<<"$DIRECT") $(tail -1 <<<"$DIRECT" | jq -r '.permissions | join(",")')"
[ "$(head -1 <<<"$DIRECT")" = 403 ] && tail -1 <<<"$DIRECT" | jq -e '.permissions == ["SKIP_CHANGE_REQUEST"]' >/dev/null

# 4. alex drafts the change instead, then sends the draft to review.
CR=$(as_user alex POST "/api/admin/projects/$PROJECT/environments/production/change-requests" \
  "{ \"feature\": \"$FLAG\", \"action\": \"updateEnabled\", \"payload\": { \"enabled\": true } }")
[ "$(head -1 <<<"$CR")" = 200 ] || { echo "drafting failed: $CR"; exit 1; }
ID=$(tail -1 <<<"$CR" | jq -r .id)
as_user alex PUT "/api/admin/projects/$PROJECT/change-requests/$ID/title" '{ "title": "Instant refunds for everyone" }' >/dev/null
SENT=$(as_user alex PUT "/api/admin/projects/$PROJECT/change-requests/$ID/state" '{ "state": "In review" }')
echo "change request $ID: $(tail -1 <<<"$SENT" | jq -r .state)"
echo "before it is applied, $FLAG in production: $(in_production)"
[ "$(in_production)" = false ]

# 5. Nobody approves their own request: alex is refused. robin approves, then applies.
OWN=$(as_user alex PUT "/api/admin/projects/$PROJECT/change-requests/$ID/state" '{ "state": "Approved" }')
echo "alex approves their own request: $(head -1 <<<"$OWN")"
[ "$(head -1 <<<"$OWN")" = 403 ]
APPROVED=$(as_user robin PUT "/api/admin/projects/$PROJECT/change-requests/$ID/state" '{ "state": "Approved" }')
echo "robin approves: $(tail -1 <<<"$APPROVED" | jq -r .state)"
APPLIED=$(as_user robin PUT "/api/admin/projects/$PROJECT/change-requests/$ID/state" '{ "state": "Applied" }')
echo "robin applies: $(tail -1 <<<"$APPLIED" | jq -r .state)"
[ "$(tail -1 <<<"$APPLIED" | jq -r .state)" = Applied ]

# 6. The flag is on in production now, and the event log tells the story.
echo "after it is applied, $FLAG in production: $(in_production)"
[ "$(in_production)" = true ]
api GET "/api/admin/events?project=$PROJECT" |
  jq -r --argjson id "$ID" '[.events[] | select(.data.changeRequestId == $id)] | reverse | .[] | "  \(.type) by \(.createdBy)"'
