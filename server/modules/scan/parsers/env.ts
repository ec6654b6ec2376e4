// .env.example and friends: variable names and URL schemes show the services an app talks to
// (DATABASE_URL=postgres://..., SENTRY_DSN=, STRIPE_SECRET_KEY=). Values are never kept.
import type { Signal } from '../signals.ts'
import type { ManifestParser } from './parser.ts'

/** Variable-name prefixes, longest first where they overlap. */
const KEY_PREFIXES: [string, string][] = [
  ['POSTGRES', 'PostgreSQL'],
  ['PGHOST', 'PostgreSQL'],
  ['PGDATABASE', 'PostgreSQL'],
  ['MYSQL', 'MySQL'],
  ['MARIADB', 'MariaDB'],
  ['MONGO', 'MongoDB'],
  ['REDIS', 'Redis'],
  ['MEMCACHE', 'Memcached'],
  ['ELASTICSEARCH', 'Elasticsearch'],
  ['ELASTIC_', 'Elasticsearch'],
  ['OPENSEARCH', 'OpenSearch'],
  ['RABBITMQ', 'RabbitMQ'],
  ['AMQP', 'RabbitMQ'],
  ['KAFKA', 'Apache Kafka'],
  ['NATS_', 'NATS'],
  ['CLICKHOUSE', 'ClickHouse'],
  ['CASSANDRA', 'Cassandra'],
  ['NEO4J', 'Neo4j'],
  ['INFLUX', 'InfluxDB'],
  ['MINIO', 'MinIO'],
  ['MEILI', 'Meilisearch'],
  ['TYPESENSE', 'Typesense'],
  ['ALGOLIA', 'Algolia'],
  ['SENTRY', 'Sentry'],
  ['BUGSNAG', 'Bugsnag'],
  ['ROLLBAR', 'Rollbar'],
  ['HONEYBADGER', 'Honeybadger'],
  ['NEW_RELIC', 'New Relic'],
  ['NEWRELIC', 'New Relic'],
  ['DATADOG', 'Datadog'],
  ['DD_API_KEY', 'Datadog'],
  ['LOGROCKET', 'LogRocket'],
  ['HONEYCOMB', 'Honeycomb'],
  ['STRIPE', 'Stripe'],
  ['PAYPAL', 'PayPal'],
  ['BRAINTREE', 'Braintree'],
  ['PADDLE', 'Paddle'],
  ['PLAID', 'Plaid'],
  ['TWILIO', 'Twilio'],
  ['SENDGRID', 'SendGrid'],
  ['MAILGUN', 'Mailgun'],
  ['POSTMARK', 'Postmark'],
  ['MAILCHIMP', 'Mailchimp'],
  ['MANDRILL', 'Mandrill'],
  ['RESEND', 'Resend'],
  ['SPARKPOST', 'SparkPost'],
  ['AWS_', 'Amazon Web Services'],
  ['S3_', 'Amazon S3'],
  ['AWS_S3', 'Amazon S3'],
  ['SES_', 'Amazon SES'],
  ['SQS_', 'Amazon SQS'],
  ['DYNAMODB', 'Amazon DynamoDB'],
  ['GCP_', 'Google Cloud'],
  ['GOOGLE_CLOUD', 'Google Cloud'],
  ['GCS_', 'Google Cloud Storage'],
  ['AZURE', 'Microsoft Azure'],
  ['DIGITALOCEAN', 'DigitalOcean'],
  ['CLOUDFLARE', 'Cloudflare'],
  ['CLOUDINARY', 'Cloudinary'],
  ['FIREBASE', 'Firebase'],
  ['SUPABASE', 'Supabase'],
  ['HASURA', 'Hasura'],
  ['AUTH0', 'Auth0'],
  ['OKTA', 'Okta'],
  ['CLERK', 'Clerk'],
  ['KEYCLOAK', 'Keycloak'],
  ['PUSHER', 'Pusher'],
  ['ABLY', 'Ably'],
  ['OPENAI', 'OpenAI'],
  ['ANTHROPIC', 'Anthropic'],
  ['HUGGINGFACE', 'Hugging Face'],
  ['SEGMENT', 'Segment'],
  ['MIXPANEL', 'Mixpanel'],
  ['AMPLITUDE', 'Amplitude'],
  ['POSTHOG', 'PostHog'],
  ['GOOGLE_ANALYTICS', 'Google Analytics'],
  ['GA_TRACKING', 'Google Analytics'],
  ['INTERCOM', 'Intercom'],
  ['ZENDESK', 'Zendesk'],
  ['HUBSPOT', 'HubSpot'],
  ['SALESFORCE', 'Salesforce'],
  ['SLACK', 'Slack'],
  ['DISCORD', 'Discord'],
  ['MAPBOX', 'Mapbox'],
  ['GOOGLE_MAPS', 'Google Maps'],
  ['RECAPTCHA', 'reCAPTCHA'],
  ['HCAPTCHA', 'hCaptcha'],
  ['CONTENTFUL', 'Contentful'],
  ['SANITY', 'Sanity'],
  ['PRISMIC', 'Prismic'],
  ['STRAPI', 'Strapi'],
  ['SHOPIFY', 'Shopify'],
  ['LAUNCHDARKLY', 'LaunchDarkly'],
  ['ONESIGNAL', 'OneSignal'],
  ['VONAGE', 'Vonage'],
  ['NEXMO', 'Vonage'],
  ['UPSTASH', 'Upstash'],
  ['PLANETSCALE', 'PlanetScale'],
  ['NEON_', 'Neon'],
  ['TURSO', 'Turso'],
  ['VERCEL', 'Vercel'],
  ['NETLIFY', 'Netlify'],
  ['HEROKU', 'Heroku'],
  ['GITHUB_CLIENT', 'GitHub'],
  ['GITLAB', 'GitLab'],
  ['JIRA', 'Jira'],
  ['LINEAR_', 'Linear'],
  ['MUX_', 'Mux'],
  ['LIVEKIT', 'LiveKit'],
  ['ELASTIC_APM', 'Elastic APM'],
  ['GRAFANA', 'Grafana'],
  ['PROMETHEUS', 'Prometheus'],
  ['SPLUNK', 'Splunk'],
  ['LOGTAIL', 'Logtail'],
  ['PAPERTRAIL', 'Papertrail'],
  ['SMTP_', 'SMTP'],
  ['CELERY', 'Celery'],
]

/** URL schemes in values: DATABASE_URL=postgres://... */
const SCHEMES: Record<string, string> = {
  postgres: 'PostgreSQL',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  mysql2: 'MySQL',
  mariadb: 'MariaDB',
  mongodb: 'MongoDB',
  'mongodb+srv': 'MongoDB',
  redis: 'Redis',
  rediss: 'Redis',
  amqp: 'RabbitMQ',
  amqps: 'RabbitMQ',
  sqlite: 'SQLite',
  sqlserver: 'Microsoft SQL Server',
  mssql: 'Microsoft SQL Server',
  clickhouse: 'ClickHouse',
  nats: 'NATS',
  kafka: 'Apache Kafka',
  memcached: 'Memcached',
  cockroachdb: 'CockroachDB',
  neo4j: 'Neo4j',
  bolt: 'Neo4j',
}

export const envExampleParser: ManifestParser = {
  id: '.env.example',
  matches: (_path, base) =>
    /^\.env\.(example|sample|template|dist|defaults|[\w-]+\.example|example\.[\w-]+)$/.test(base) ||
    /^(env|example)\.(example|env)$/.test(base) ||
    base === '.env-example' ||
    base === '.env-sample',
  parse(file) {
    const signals: Signal[] = []
    for (const raw of file.text.split('\n')) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*["']?([^"'\s#]*)/.exec(raw)
      if (!match) continue
      const key = match[1]!.toUpperCase()
      for (const [prefix, tool] of KEY_PREFIXES) {
        if (key.startsWith(prefix) || key.includes(`_${prefix}`))
          signals.push({ kind: 'name', name: tool, source: file.path })
      }
      const scheme = /^([a-z][a-z0-9+]*):\/\//.exec(match[2]!.toLowerCase())
      const tool = scheme ? SCHEMES[scheme[1]!] : undefined
      if (tool) signals.push({ kind: 'name', name: tool, source: file.path })
    }
    return signals
  },
}

export const envParsers = [envExampleParser]
