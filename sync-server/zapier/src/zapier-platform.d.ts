/** What `zapier validate` runs: the app with its functions cleaned, checked against zapier-platform-schema. */
declare module 'zapier-platform-core/src/tools/schema' {
  export function validateApp(app: object): Array<{ property: string; message: string }>;
}
