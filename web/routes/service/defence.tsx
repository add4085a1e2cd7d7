export default function Page() {
  return (
    <main>
      <h1>defence</h1>
    </main>
  );
}
