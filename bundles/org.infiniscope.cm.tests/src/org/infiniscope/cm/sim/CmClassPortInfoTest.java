package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.junit.jupiter.api.Test;

/** A host's CM answers Get(ClassPortInfo) of the CM class over the fabric, and refuses other Gets. */
class CmClassPortInfoTest {

    private static byte[] get(int attributeId) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(MadHeader.BASE_VERSION, MgmtClass.COMM_MGT, CmMad.CLASS_VERSION, Method.GET, 0, 0, 0, attributeId,
                0).encode(mad, 0);
        return mad;
    }

    @Test
    void classPortInfoOfTheCmClass() throws Exception {
        try (CmHosts hosts = new CmHosts(CmHosts.FAST);
                MadTransport t = MadTransports.over(hosts.fabric.openChannel(hosts.fabric.attachPoint("h3", 1)),
                        TransportConfig.DEFAULT)) {
            hosts.cm.host("h2");
            MadAddress h2 = MadAddress.gsi(hosts.lids.lid("h2"));
            byte[] answer = t.send(new MadRequest(get(ClassPortInfo.ATTRIBUTE_ID), h2, Duration.ofSeconds(2), 2))
                    .get(30, TimeUnit.SECONDS).mad();
            MadHeader h = MadHeader.decode(answer, 0);
            assertEquals(Method.GET_RESP, h.method());
            assertEquals(MadStatus.OK, h.status());
            ClassPortInfo info = ClassPortInfo.CODEC.decode(answer, CmMad.DATA_OFFSET);
            assertEquals(CmMad.CLASS_VERSION, info.classVersion());
            assertEquals(CmHosts.FAST.responseTimeout(), info.respTimeValue());

            byte[] refused = t.send(new MadRequest(get(0x10), h2, Duration.ofSeconds(2), 2)).get(30, TimeUnit.SECONDS)
                    .mad();
            assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, MadHeader.decode(refused, 0).status());
        }
    }
}
