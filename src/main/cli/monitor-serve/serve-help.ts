/** The help of `databridge monitor serve`. */
export const SERVE_HELP = `Usage: databridge monitor serve [--profile NAME ...] [--config FILE] [--listen HOST:PORT]
         [--token-file FILE | --token-env VAR] [--tls-cert FILE --tls-key FILE] [--interval SECONDS]

The app's always-on monitor as a service for a team's Prometheus: it reads the sessions of
every instance of the named connections once per interval (whoever asks), and answers
  /metrics                     Prometheus text format (databridge_* per profile, instance, region)
  /healthz                     200 while every instance's last sample is younger than 3
                               intervals, 503 otherwise (JSON; never asks for the token)
  /api/v1/instances            each instance's last sample and head blockers (JSON)
  /api/v1/instances/{profile}/{instance}/sessions
                               the sessions of the instance's last sample (JSON)

What to watch (one or more):
  --profile NAME               a saved connection of the app (repeat for more); the secret
                               from the keychain, never DATABRIDGE_API_KEY / DATABRIDGE_PASSWORD
                               (the secret of --base-url or --region), or one named in
                               --config ("profile" with "apiKeyEnv" or "apiKeyFile")
    --data-dir DIR             the app's data folder (default: the platform's)
  --base-url URL | --region EU|US
                               a service given here, named "default"; the API key from
                               DATABRIDGE_API_KEY or --api-key-stdin (or --tenant/--user with
                               DATABRIDGE_PASSWORD)
  --config FILE                JSON: "connections": [{ "name", "profile" | "baseUrl" | "region",
                               "apiKeyEnv" | "apiKeyFile" | "passwordEnv", "tenant", "user",
                               "exclude": [instances], "instances": [expected: reported
                               down while not watched] }], and any option below by its
                               camelCase name ("listen", "intervalSeconds", "tokenFile", ...,
                               "blockingAlertSeconds", "historyDir"); options given here win

Serving:
  --listen HOST:PORT           default 127.0.0.1:9420. An address other machines can reach
                               needs a bearer token (TLS alone is refused: it hides the bytes
                               from the network, not from whoever connects)
  --token-file FILE | --token-env VAR
                               the bearer token (16 characters or more) every endpoint but
                               /healthz asks for: Authorization: Bearer TOKEN. The file must be
                               readable by its owner only (chmod 600)
  --tls-cert FILE --tls-key FILE
                               serve HTTPS with this certificate and key (PEM)
  --interval SECONDS           how often each instance is read, 1 to 3600 (default 5)
  --max-connections N          open connections at most (default 256); more are dropped. A
                               request's headers must come within 10 s, the whole request
                               within 15 s; requests without the token are logged once a
                               minute, with their count
  --history-dir DIR            the monitor's history (default $STATE_DIRECTORY/history under
                               systemd, else the data folder's monitor-serve/history)
  --proxy URL, --proxy-pac URL, --timeout SECONDS
                               as for every command (a proxy's Basic credentials: the
                               keychain, or DATABRIDGE_PROXY_USER/DATABRIDGE_PROXY_PASSWORD)
  --verbose                    log each request to the service as well

Runs in the foreground and logs one JSON line per event on stderr. SIGTERM or Ctrl+C stops it
cleanly (exit 0): the server closes, sampling stops, the history is written whole. It runs with
a small young generation (node --max-semi-space-size=2) to keep its memory flat: on Linux and
macOS it starts itself again with the flag unless Node has it; on Windows, set NODE_OPTIONS.`;
