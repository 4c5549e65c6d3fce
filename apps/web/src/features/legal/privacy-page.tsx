export function PrivacyPage() {
  return <h1>Política de privacidad</h1>;
}
