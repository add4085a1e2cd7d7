export default function Page() {
  return (
    <main>
      <h1>rpas-consultancy</h1>
    </main>
  );
}
