export default function Page() {
  return (
    <main>
      <h1>enroll</h1>
    </main>
  );
}
