export default function Page() {
  return (
    <main>
      <h1>mapping</h1>
    </main>
  );
}
