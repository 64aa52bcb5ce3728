import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TallyTest {
  static final String URL = System.getenv("TRIALGATE_SERVICE_URL");
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static int add(String name, int n) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(URL + "/items/" + name)).POST(HttpRequest.BodyPublishers.ofString("{\"add\": " + n + "}")).build();
    return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  static long count(String name) throws Exception {
    String body = HTTP.send(HttpRequest.newBuilder(URI.create(URL + "/items/" + name)).build(), HttpResponse.BodyHandlers.ofString()).body();
    Matcher count = Pattern.compile("\"count\"\\s*:\\s*(-?\\d+)").matcher(body);
    return count.find() ? Long.parseLong(count.group(1)) : -1;
  }

  // @section happy-path
  @Test
  void addingAPositiveCountRaisesTheTally() throws Exception {
    assertEquals(200, add("apples", 3));
    assertEquals(3, count("apples"));
  }
  // @end

  // @section validation
  @Test
  void zeroAndNegativeCountsAreRefusedAndChangeNothing() throws Exception {
    for (int n : new int[] {0, -2}) assertEquals(400, add("pears", n), "add " + n);
    assertEquals(0, count("pears"));
  }
  // @end
}
