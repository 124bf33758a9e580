/** How an automation tool (Zapier) uses a key: this app's own origin, one path, one header; and where the API reference is. */
export function ApiKeysHelp() {
  const endpoint = `${window.location.origin}/api/zapier/candidates`;
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-4 text-sm">
      <h3 className="font-medium">Using API keys with Zapier</h3>
      <p className="text-muted-foreground">
        In your Zap, add a webhook action that sends a <strong className="text-foreground">POST</strong> request to:
      </p>
      <code data-testid="zapier-endpoint" className="rounded bg-background px-2 py-1 font-mono text-xs break-all">
        {endpoint}
      </code>
      <p className="text-muted-foreground">
        Send the candidate as JSON (name, email, and optionally phone, location, experience, skills), with the header{' '}
        <code className="rounded bg-background px-1 font-mono text-xs">X-API-Key</code> set to your API key.
      </p>
      <p className="text-muted-foreground">API keys only grant access to add candidates; they cannot read or change anything else.</p>
      <p className="text-muted-foreground">
        Every call, with what it takes and answers, is described in the{' '}
        <a href="/api/openapi.json" target="_blank" rel="noopener" className="text-primary underline underline-offset-2">
          API reference
        </a>{' '}
        (OpenAPI 3.1).
      </p>
    </div>
  );
}
