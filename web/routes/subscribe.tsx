export default function Page() {
  return (
    <main>
      <h1>subscribe</h1>
    </main>
  );
}
