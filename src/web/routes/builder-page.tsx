export function BuilderPage() {
  return <p>Builder</p>;
}
